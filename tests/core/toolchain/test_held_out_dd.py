"""What held-out batch DD (2026-12-07, its logs named ``d1-`` (failing builds from committed
hvigor debug logs) and ``d2-`` (the device's logs of the stability FAQ's later pages); scored
blind on b2e6bc46, then folded in) taught: general readings, each checked on the batch's log and
on another form (issue 27)."""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, real_log


def test_hvigor_asked_for_a_task_the_project_does_not_have() -> None:
    # hvigor 4 prints it without its code (00306054), here with an empty task name
    f = assert_found(real_log("hvigor/d1-ledong-empty-task.log"))
    assert f.kind == "hvigor-task" and "hvigorw tasks" in f.fix
    other = assert_found("Task 'assembleHapp' not found in root project 'MyApp'.\n")
    assert other.kind == "hvigor-task" and "'assembleHapp'" in other.fix


def test_a_business_errors_code_in_the_message_when_the_code_key_is_empty() -> None:
    f = assert_found(real_log("jscrash/d2-queryschemes-17700056.log"))
    assert f.code == "17700056" and "querySchemes" in f.fix


def test_a_freeze_page_that_names_the_event_and_breaks_the_running_task_over_lines() -> None:
    # ``Event: APP_INPUT_BLOCK``, then ``Current Running: …,`` / ``task name = …onPageShow,``
    f = assert_found(real_log("appfreeze/d2-input-block-onpageshow.log"))
    assert f.kind == "freeze" and f.code == "APP_INPUT_BLOCK"
    assert "onPageShow" in f.meaning and "TaskPool" in f.fix


def test_a_ciphers_final_block_refused() -> None:
    crash = assert_found(real_log("jscrash/d2-sm4-dofinal-fail.log"))
    assert crash.kind == "crash" and "PKCS7" in crash.fix
    logged = assert_found(real_log("hilog/d2-hcf-dofinal-fail.log"))
    assert logged.kind == "hilog" and "padding" in logged.fix
