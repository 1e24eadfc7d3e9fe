"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout162/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes the code meant
(a config field, a NamedTuple default, a decorator's stages), the right out spec, `reduced=`
axes, `multi_dim=True` or context mesh for `top_level_all_gather`, and for SF106 programs the
producer's gather changed to `to='invarying'` (with an out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # attn_*
    'attn_entropy_log.py': [
        ('return jax.lax.all_gather(total, self.axes.collect_over,',
         f'return jax.lax.all_gather({PC}(total, self.axes.collect_over, to="varying"), self.axes.collect_over,'),
    ],
    'attn_query_dump.py': [
        ('STAGES.register("host")(GatherStage((DATA, MODEL)))', 'STAGES.register("host")(GatherStage(DATA))'),
    ],
    'attn_key_ring.py': [
        ('return jax.lax.ppermute(x, self.axis, self.perm)',
         f'return jax.lax.ppermute({PC}(x, self.axis, to="varying"), self.axis, self.perm)'),
    ],
    'attn_serve_export.py': [
        ('P(None, None)]', 'P(None, None, reduced={MODEL})]'),
    ],
    'attn_recon_loss.py': [
        ('loss_mean: tuple[str, ...] = MESH_AXES', 'loss_mean: tuple[str, ...] = (DATA,)'),
    ],
    'attn_logit_scale.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # mlp_*
    'mlp_grad_norm_log.py': [
        ('return jax.lax.all_gather(full, self.batch_axis,',
         f'return jax.lax.all_gather({PC}(full, self.batch_axis, to="varying"), self.batch_axis,'),
    ],
    'mlp_unit_dump.py': [
        ('rows=EVERY_AXIS)', 'rows=(FSDP,))'),
    ],
    'mlp_zero_scatter.py': [
        ('return jax.lax.psum_scatter(dense, self.axis,',
         f'return jax.lax.psum_scatter({PC}(dense, self.axis, to="varying"), self.axis,'),
    ],
    'mlp_serve_regroup.py': [
        ('P(TENSOR, None, reduced={FSDP})]', 'P(None, None, reduced={FSDP, TENSOR})]'),
    ],
    'mlp_bias_grad.py': [
        ('average=(FSDP, TENSOR))}', 'average=(FSDP,))}'),
    ],
    'mlp_gelu_probe.py': [
        ('gather_mode: str = "reduced"', 'gather_mode: str = "invarying"'),
    ],
    # emb_*
    'emb_token_hist.py': [
        ('return export_rows(hist[None])[0]', f'return export_rows({PC}(hist[None], BATCH, to="varying"))[0]'),
    ],
    'emb_logit_dump.py': [
        ('return self._gather(full_vocab, self.mesh_axes, 0)',
         f'return self._gather({PC}(full_vocab, self.vocab_axis, to="varying"), self.mesh_axes, 0)'),
    ],
    'emb_norm_clip.py': [
        ('jax.lax.pmax(view.row_norms(), view.axis)',
         f'jax.lax.pmax({PC}(view.row_norms(), view.axis, to="varying"), view.axis)'),
    ],
    'emb_table_export.py': [
        ('    full = exporter.export(placed)\n',
         '    with jax.set_mesh(exporter.mesh):\n        full = exporter.export(placed)\n'),
    ],
    'emb_parallel_xent.py': [
        ('return jax.lax.pmean(jnp.mean(nll), self.mean_axes)',
         f'return jax.lax.pmean({PC}(jnp.mean(nll), self.vocab_axis, to="varying"), self.mean_axes)'),
    ],
    'emb_temperature.py': [
        ('collect: str = "reduced"', 'collect: str = "invarying"'),
        ('P(BATCH, None, reduced={VOCAB})]', 'P(BATCH, None)]'),
    ],
    # seq_*
    'seq_norm_stats.py': [
        ('return jax.lax.all_gather(m, self.axis,',
         f'return jax.lax.all_gather({PC}(m, self.axis, to="varying"), self.axis,'),
    ],
    'seq_rope_dump.py': [
        ('return Dumper(dim=0)(whole_seq, axes_meta(HostAxes))',
         f'return Dumper(dim=0)({PC}(whole_seq, SP, to="varying"), axes_meta(HostAxes))'),
    ],
    'seq_ulysses_swap.py': [
        ('keys = split_heads(self.context(x @ w))',
         f'keys = split_heads({PC}(self.context(x @ w), SP, to="varying"))'),
    ],
    'seq_cache_export.py': [
        ('top_level_all_gather(a, layout.host)', 'top_level_all_gather(a, layout.host, multi_dim=True)'),
    ],
    'seq_masked_loss.py': [
        ('LossAxes(tokens=(DP, SP), sequence=SP)', 'LossAxes(tokens=(DP,), sequence=SP)'),
    ],
    'seq_mixer_residual.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
        ('P(DP, None, reduced={SP})]', 'P(DP, None)]'),
    ],
    # vit_*
    'vit_attn_mass.py': [
        ('return collect(batch_mass(scorer, p, q), scorer.patch_axis)',
         f'return collect({PC}(batch_mass(scorer, p, q), PATCH, to="varying"), scorer.patch_axis)'),
    ],
    'vit_pool_dump.py': [
        ('@dump_after((REPLICA,), ALL_AXES)', '@dump_after(ALL_AXES)'),
    ],
    'vit_pos_energy.py': [
        ('return jax.lax.psum(jnp.sum(g * g, axis=0), self.axis)',
         f'return jax.lax.psum({PC}(jnp.sum(g * g, axis=0), self.axis, to="varying"), self.axis)'),
    ],
    'vit_head_export.py': [
        ('        return P(*(None for _ in names))',
         '        return P(*(None for _ in names), reduced={a for n in names if (a := self.table.get(n))})'),
    ],
    'vit_feature_stats.py': [
        ('batch=tuple(mesh_axes))', 'batch=(REPLICA,))'),
    ],
    'vit_grid_norm.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
