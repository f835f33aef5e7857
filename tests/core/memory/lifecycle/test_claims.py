"""What the default profile reads in a claim: words, negations, anchors, values."""

from __future__ import annotations

from hmdesk.core.memory.lifecycle.claims import claim_terms, jaccard, relation


def test_chinese_without_spaces_is_segmented_and_glossary_words_meet() -> None:
    zh = claim_terms("hvigor构建失败，删除缓存后重试")
    en = claim_terms("hvigor build failed: delete the cache and retry")
    assert {"hvigor", "build", "fail", "cache"} <= zh.core
    assert {"hvigor", "build", "fail", "cache"} <= en.core
    assert zh.subject == "hvigor build"


def test_negations_are_counted_not_compared() -> None:
    yes = claim_terms("模拟器启动需要开启硬件虚拟化")
    no = claim_terms("模拟器启动不需要开启硬件虚拟化")
    assert yes.core == no.core
    assert (yes.negations, no.negations) == (0, 1)
    assert claim_terms("hdc doesn't accept -t").negations == 1
    assert claim_terms("页面不同").negations == 0  # 不同 is "different", not a negation


def test_anchors_and_values() -> None:
    c = claim_terms("hdc install error 9568322 with @ohos.net.http, set api to 12")
    assert {"9568322", "ohos.net.http"} <= c.anchors
    assert "12" in c.values and "12" not in c.core
    assert c.subject == "9568322"


def test_relation() -> None:
    def rel(a: str, b: str) -> str | None:
        return relation(claim_terms(a), claim_terms(b))[0]

    assert (
        rel("hdc shell accepts param -t", "hdc shell does not accept param -t") == "contradiction"
    )
    assert (
        rel("Set compatibleSdkVersion to 12", "Set compatibleSdkVersion to 11") == "contradiction"
    )
    assert rel("install fails with 9568320", "install fails with 9568332") is None
    assert rel("真机调试前需要先打开开发者模式", "真机调试之前需要打开开发者模式") == "duplicate"
    assert rel("hdc list targets shows devices", "hilog -x dumps the log") is None


def test_jaccard() -> None:
    assert jaccard(frozenset(), frozenset()) == 1.0
    assert jaccard(frozenset("ab"), frozenset("bc")) == 1 / 3


def test_text_without_han_is_read_without_the_segmenter() -> None:
    """A one-shot query compares its results' claims (the list's "n similar"): rjieba's import
    would cost it more than its search, so text without Han characters never loads it."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from hmdesk.core.memory.lifecycle.claims import claim_terms\n"
        "c = claim_terms('hdc install fails 9568320: set signingConfigs in build-profile.json5')\n"
        "assert 'rjieba' not in sys.modules, 'rjieba loaded'\n"
        "print(sorted(c.anchors), sorted(c.core))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    anchors, core = out.stdout.split("] [")
    assert anchors == "['9568320', 'build-profile.json5'"  # a code and a file name
    assert "'signingconfig'" in core and "'install'" in core  # light stems
    from hmdesk.core.memory.lifecycle.claims import claim_terms

    mixed = claim_terms("hvigor构建失败: ohos.permission.INTERNET 未声明")
    assert {"hvigor", "build", "fail", "ohos.permission.internet"} <= mixed.core
    assert mixed.negations == 1  # 未声明: a negated 声明
