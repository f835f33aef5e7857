"""Small real ArkTS / TypeScript sources for the code index tests."""

from __future__ import annotations

from pathlib import Path

INDEX_ETS = """\
import { hilog } from '@kit.PerformanceAnalysisKit';

@Entry
@Component
struct Index {
  @State message: string = 'Hello World';

  aboutToAppear(): void {
    hilog.info(0x0000, 'testTag', 'appear');
  }

  build() {
    Column() {
      Text(this.message)
        .fontSize(50)
        .onClick(() => {
          this.message = 'clicked';
        })
    }
    .width('100%')
  }
}
"""

ENTRY_ABILITY_ETS = """\
import { AbilityConstant, UIAbility, Want } from '@kit.AbilityKit';
import { window } from '@kit.ArkUI';

export default class EntryAbility extends UIAbility {
  onCreate(want: Want, launchParam: AbilityConstant.LaunchParam): void {
    console.info('onCreate');
  }

  onWindowStageCreate(windowStage: window.WindowStage): void {
    windowStage.loadContent('pages/Index', (err) => {
      if (err.code) {
        return;
      }
    });
  }
}
"""

UTIL_TS = """\
export function formatPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export const double = (x: number): number => x * 2;

export interface Shape {
  area(): number;
}

export enum Dir { Up, Down }
"""


def write_project(root: Path) -> Path:
    """A minimal HarmonyOS project layout with the three sources (+ a skipped folder)."""
    ets = root / "entry" / "src" / "main" / "ets"
    (ets / "pages").mkdir(parents=True)
    (ets / "entryability").mkdir(parents=True)
    (ets / "common").mkdir(parents=True)
    (ets / "pages" / "Index.ets").write_text(INDEX_ETS, encoding="utf-8")
    (ets / "entryability" / "EntryAbility.ets").write_text(ENTRY_ABILITY_ETS, encoding="utf-8")
    (ets / "common" / "util.ts").write_text(UTIL_TS, encoding="utf-8")
    for skipped in ("oh_modules/lib", "node_modules/x", "entry/build/default", ".hvigor"):
        (root / skipped).mkdir(parents=True)
        (root / skipped / "Skipped.ets").write_text("struct Skipped { build() {} }\n")
    return root


INDEX = "entry/src/main/ets/pages/Index.ets"
ABILITY = "entry/src/main/ets/entryability/EntryAbility.ets"
UTIL = "entry/src/main/ets/common/util.ts"
