"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout109/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (with the out spec the gathered value then needs), for SF104 the export
layout / `reduced=` / `multi_dim=True` / the call moved inside `with jax.set_mesh(...)`, and for
SF106 the serving table gathered `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

SCORE = {"rank": "pointwise_scores", "fraud": "risk_logits", "fcst": "forecast_block", "embx": "project_rows",
         "recsys": "affinity_scores", "asr": "encoder_logits", "abx": "arm_metrics"}

SNAPSHOT_OUT = ('out_specs=P(None, None, reduced={snap_axis})',
                'out_specs=P(cfg.batch_axis, None, reduced={snap_axis})')
SNAPSHOT_HELPER = ('return jax.lax.all_gather(scores, axis, axis=0, tiled=True, to="reduced")',
                   f'return jax.lax.all_gather({PC}(scores, axis, to="varying"), axis, axis=0, tiled=True, to="reduced")')
SNAPSHOT_INLINE = ('return jax.lax.all_gather(scores, axis_name=snap_axis,',
                   f'return jax.lax.all_gather({PC}(scores, snap_axis, to="varying"), axis_name=snap_axis,')
DUMP = ('full_rows = widen(x_blk)', f'full_rows = {PC}(widen(x_blk), model_axis, to="varying")')
STAT_OP = {"rank": "pmax", "fraud": "pmean", "fcst": "ppermute", "embx": "all_to_all", "recsys": "psum",
           "asr": "pmin", "abx": "all_gather"}


def stats(theme):
    op = STAT_OP[theme]
    return [(f"jax.lax.{op}(everything, batch_axis", f'jax.lax.{op}({PC}(everything, batch_axis, to="varying"), batch_axis')]
SERVE = [('table = jax.lax.all_gather(scores, batch_axis, axis=0, tiled=True, to="reduced")',
          'table = jax.lax.all_gather(scores, batch_axis, axis=0, tiled=True, to="invarying")'),
         ('out_specs=P(None, None, reduced={batch_axis})', 'out_specs=P(None, None)')]


def objective(theme):
    call = f"scores = {SCORE[theme]}(x_blk, w_blk, cfg.model_axis)"
    return [(call, f"scores = {PC}({SCORE[theme]}(x_blk, w_blk, cfg.model_axis), cfg.model_axis, to=\"varying\")")]


FIXES = {}
for theme, inline in [("rank", False), ("fraud", True), ("fcst", False), ("embx", True),
                      ("recsys", False), ("asr", True), ("abx", False)]:
    FIXES[f"{theme}_score_snapshot.py"] = [SNAPSHOT_INLINE if inline else SNAPSHOT_HELPER, SNAPSHOT_OUT]
    FIXES[f"{theme}_feature_dump.py"] = [DUMP]
    FIXES[f"{theme}_population_stats.py"] = stats(theme)
    FIXES[f"{theme}_objective.py"] = objective(theme)
    FIXES[f"{theme}_serving_table.py"] = SERVE

FIXES.update({
    "rank_table_export.py": [('env_default("RANK_EXPORT_LAYOUT", "doc,none")',
                              'env_default("RANK_EXPORT_LAYOUT", "none,doc")')],
    "fraud_table_export.py": [("out_spec = P(None, cfg.model_axis)\n",
                               "out_spec = P(None, cfg.model_axis, reduced={cfg.batch_axis})\n")],
    "fcst_table_export.py": [("exported = top_level_all_gather(table, out_spec)",
                              "exported = top_level_all_gather(table, out_spec, multi_dim=True)")],
    "embx_table_export.py": [("            table = self.refresh(self.x, self.w)\n        exported = self.export(table)",
                              "            table = self.refresh(self.x, self.w)\n            exported = self.export(table)")],
    "recsys_table_export.py": [("out_spec = P(cfg.model_axis, None, reduced={cfg.batch_axis})",
                                "out_spec = P(cfg.batch_axis, None, reduced={cfg.model_axis})")],
    "asr_table_export.py": [('export_layout: str = "column_major"', 'export_layout: str = "row_major"')],
    "abx_table_export.py": [("export_reduced: tuple = ()", "export_reduced: tuple = ('arms',)")],
})

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
