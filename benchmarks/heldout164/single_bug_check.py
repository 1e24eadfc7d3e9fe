"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout164/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axis, role or table entry
the code meant, a consolidated out spec with `reduced=` axes (or a context mesh) for
`top_level_all_gather`, and for most SF106 programs the producer's gather changed to
`to='invarying'` (with an out spec that no longer says reduced). A program that still fails
after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # mlp_*
    'mlp_act_log.py': [
        ('total = jax.lax.psum(energy, self.tp_axis)', 'total = jax.lax.psum(energy, self.dp_axis)'),
    ],
    'mlp_grad_dump.py': [
        ('return jax.lax.all_gather(g_cols, dump_axes,',
         f'return jax.lax.all_gather({PC}(g_cols, block.tp_axis, to="varying"), dump_axes,'),
    ],
    'mlp_weight_norm.py': [
        ('s_in = jax.lax.psum(self.sq(w_in, 1), self.tp_axis)',
         f's_in = jax.lax.psum({PC}(self.sq(w_in, 1), self.tp_axis, to="varying"), self.tp_axis)'),
    ],
    'mlp_export.py': [
        ('specs["w_out"] = resolve(P(None, None))', 'specs["w_out"] = resolve(P(None, None, reduced={"hidden"}))'),
    ],
    'mlp_loss_mean.py': [
        ('return jax.lax.pmean(err, self.model.mesh_axes())', 'return jax.lax.pmean(err, self.model.dp_axis)'),
    ],
    'mlp_gelu_head.py': [
        ('    gather_to = "reduced"', '    gather_to = "invarying"'),
    ],
    # attn_*
    'attn_score_log.py': [
        ('        peak = jax.lax.pmax(peak, att.hp_axis)\n', ''),
    ],
    'attn_head_dump.py': [
        ('return jax.lax.all_gather(p, names,', 'return jax.lax.all_gather(p, names[:1],'),
    ],
    'attn_kv_ring.py': [
        ('return self.shift(k, self.proj.hp_axis)',
         f'return self.shift({PC}(k, self.proj.hp_axis, to="varying"), self.proj.hp_axis)'),
        ('out_specs=P("batch", None, None, None))', 'out_specs=P("batch", "head", None, None))'),
    ],
    'attn_export.py': [
        ('spec = serve_spec(FusedQKV.wqkv.spec)', 'spec = P(None, None, reduced={"replica", "heads"})'),
    ],
    'attn_out_total.py': [
        ('p.axes_for("dp", "hp")', 'p.axes_for("dp")'),
    ],
    'attn_pool_softmax.py': [
        ('POOL = {"to": "reduced",', 'POOL = {"to": "invarying",'),
        ('out_specs=P("batch", None, None, None, reduced={"head"}))', 'out_specs=P("batch", None, None, None))'),
    ],
    # embed_*
    'embed_count_log.py': [
        ('"gather_over": "batch"}', '"gather_over": "vocab"}'),
    ],
    'embed_grad_dump.py': [
        ('stages = ("vp", ("dp", "vp"))', 'stages = ("vp", ("dp",))'),
    ],
    'embed_rescatter.py': [
        ('jax.lax.psum_scatter(merged,', f'jax.lax.psum_scatter({PC}(merged, self.emb.vp_axis, to="varying"),'),
    ],
    'embed_export.py': [
        ('top_level_all_gather(v, self.out_spec(self.module.specs()[n]))',
         'top_level_all_gather(v, self.out_spec(self.module.specs()[n]), multi_dim=True)'),
    ],
    'embed_xent_mean.py': [
        ('MEAN_OVER = ("batch", "vocab")', 'MEAN_OVER = ("batch",)'),
    ],
    'embed_scaled_lookup.py': [
        ('full = jax.lax.all_gather(table, mod.vp_axis, axis=0, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(table, mod.vp_axis, axis=0, tiled=True, to="invarying")'),
    ],
    # fsdp_*
    'fsdp_norm_log.py': [
        ('jax.lax.all_gather(sq, self.zero_axis, tiled=True, to="reduced")',
         'jax.lax.all_gather(sq, self.feat_axis, tiled=True, to="reduced")'),
        ('P(None, reduced={"shard"})))', 'P(None, reduced={"embed"})))'),
    ],
    'fsdp_layer_dump.py': [
        ('"then": ("shard", "out")}', '"then": ("out",)}'),
    ],
    'fsdp_double_gather.py': [
        ('y, _ = self.describe(w, x)', 'y = self.project(w, x)'),
    ],
    'fsdp_export.py': [
        ('    out = consolidate(model, specs)',
         '    with jax.set_mesh(model.w.sharding.mesh):\n        out = consolidate(model, specs)'),
    ],
    'fsdp_bias_sync.py': [
        ('db = jax.lax.psum(jnp.sum(dy, axis=0), self.layer.dp_axis)', 'db = jnp.sum(dy, axis=0)'),
    ],
    'fsdp_offset_norm.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # opt_*
    'opt_norm_log.py': [
        ('norms = jax.lax.all_gather(sq,', f'norms = jax.lax.all_gather({PC}(sq, opt.zero_axis, to="varying"),'),
    ],
    'opt_update_dump.py': [
        ('every = current_mesh().axis_names', 'every = current_mesh().axis_names[:1]'),
    ],
    'opt_clip.py': [
        ('        peak = jax.lax.pmax(peak, self.layer.zero_axis)\n', ''),
    ],
    'opt_serve_layout.py': [
        ('SERVE = {"mu": P(None, "shard", reduced={"replica"})}', 'SERVE = {"mu": P(None, None, reduced={"replica", "shard"})}'),
    ],
    'opt_zero_step.py': [
        ('        g = jax.lax.psum(g, self.layer.dp_axis)\n', ''),
    ],
    'opt_decay.py': [
        ('full = jax.lax.all_gather(w, opt.zero_axis, axis=0, tiled=True, to="reduced")\n        full = opt.decay(full)',
         'full = jax.lax.all_gather(opt.decay(w), opt.zero_axis, axis=0, tiled=True, to="reduced")'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
