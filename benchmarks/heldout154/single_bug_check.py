"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout154/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the axis or axes the code
meant (the right config field, property, dict entry or default argument), the variable that was
meant (the local value instead of the gathered one), `pcast(..., to='varying')` before a gather
of an invariant value, an export layout that is a prefix or lists its gathered axes in
`reduced=`, the snapshot moved into the `with jax.set_mesh` block, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    # ring_*
    'ring_softmax_stats.py': [
        ('log_axis: str = "sp"', 'log_axis: str = "dp"'),
    ],
    'ring_output_collect.py': [
        ('return tuple(self.mesh.axis_names)', 'return (self.cfg.batch_axis,)'),
    ],
    'ring_key_stats.py': [
        ('stats = key_l1(k_all, cfg.seq_axis)', 'stats = key_l1(k, cfg.seq_axis)'),
    ],
    'ring_export.py': [
        ('layout: str = "host"', 'layout: str = "full_seq"'),
    ],
    'ring_loss_sum.py': [
        ('return (self.ring.batch_axis, self.ring.seq_axis)', 'return (self.ring.batch_axis,)'),
    ],
    'ring_zloss.py': [
        ('lse_all = jax.lax.all_gather(lse_of(m, l), cfg.seq_axis, axis=2, tiled=True, to="reduced")',
         'lse_all = jax.lax.all_gather(lse_of(m, l), cfg.seq_axis, axis=2, tiled=True, to="invarying")'),
        ('P(cfg.batch_axis, None, reduced={cfg.seq_axis})', 'P(cfg.batch_axis, None)'),
    ],
    # uly_*
    'uly_head_entropy.py': [
        ('    report_axis: str = "data"', '    report_axis: str = "seq"'),
    ],
    'uly_gather_heads.py': [
        ('jax.lax.all_gather(o_all, (cfg.data_axis, cfg.seq_axis), axis=0',
         'jax.lax.all_gather(o_all, cfg.data_axis, axis=0'),
    ],
    'uly_roundtrip.py': [
        ('            o = jax.lax.all_gather(o, cfg.seq_axis, axis=2, tiled=True, to="reduced")\n            teacher = o\n',
         '            teacher = jax.lax.all_gather(o, cfg.seq_axis, axis=2, tiled=True, to="reduced")\n'),
    ],
    'uly_export.py': [
        ('harness_spec(self.cfg))', 'harness_spec(self.cfg, gathered=(self.cfg.seq_axis,)))'),
    ],
    'uly_qk_calib.py': [
        ('return jax.lax.pmean(x, tuple(mesh.axis_names))', 'return jax.lax.pmean(x, mesh.axis_names[1])'),
    ],
    'uly_rel_bias.py': [
        ('table = jax.lax.all_gather(bias_local, cfg.seq_axis, axis=0, tiled=True, to="reduced")',
         'table = jax.lax.all_gather(bias_local, cfg.seq_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # kv_*
    'kv_lse_log.py': [
        ('lse_log = jax.lax.all_gather(lse, cfg.kv_axis, to="reduced")',
         'lse_log = jax.lax.all_gather(jax.lax.pcast(lse, cfg.kv_axis, to="varying"), cfg.kv_axis, to="reduced")'),
    ],
    'kv_page_occupancy.py': [
        ('"row_axes": ("batch", "kv")}', '"row_axes": ("batch",)}'),
    ],
    'kv_block_peak.py': [
        ('return out, peaks, global_peak(peaks, cfg)', 'return out, peaks, global_peak(m, cfg)'),
    ],
    'kv_cache_snapshot.py': [
        ('    snap = snapshot(cache)\n', '    with jax.set_mesh(mesh):\n        snap = snapshot(cache)\n'),
    ],
    'kv_mass_total.py': [
        ('def mesh_total(x, axes=ALL_AXES):', 'def mesh_total(x, axes=ALL_AXES[:1]):'),
    ],
    'kv_sink_map.py': [
        ('row = jax.lax.all_gather(s, vis.decode.kv_axis, axis=-1, tiled=True, to="reduced")',
         'row = jax.lax.all_gather(s, vis.decode.kv_axis, axis=-1, tiled=True, to="invarying")'),
        ('P(cfg.batch_axis, None, None, reduced={cfg.kv_axis})', 'P(cfg.batch_axis, None, None)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
