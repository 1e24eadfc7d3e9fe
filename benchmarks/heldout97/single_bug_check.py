"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout97/single_bug_check.py

The fixes were written by hand from each bug (per program shape, then spelled with each theme's
axis names), not from shardfix: a `pcast(..., to='varying')` before the gather or collective
(SF101, SF102, SF103, SF105), the right out spec, `reduced=` axis, `multi_dim=True` or a context
mesh for `top_level_all_gather` (SF104), and for SF106 the producer's gather changed to
`to='invarying'` (the SF106 programs' out specs never say reduced).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    'ens_grad_allreduce.py': [
        ('"bias": jnp.sum(probs, axis=0)',
         '"bias": jax.lax.pcast(jnp.sum(probs, axis=0), cfg.axes.members, to="varying")'),
    ],
    'ens_head_dump.py': [
        ('gather = lambda h, axes: jax.lax.all_gather(h, axes,',
         'gather = lambda h, axes: jax.lax.all_gather(jax.lax.pcast(h, "members", to="varying") if len(axes) > 1 else h, axes,'),
    ],
    'ens_member_mean_log.py': [
        ('map(lambda ax: member_reduce(ax), plan.reduce_over),',
         'map(lambda ax: member_reduce(ax), plan.reduce_over),\n        map(lambda ax: (lambda h: jax.lax.pcast(h, ax, to="varying")), plan.gather_over),'),
    ],
    'ens_member_sync.py': [
        ('"mean": jnp.sum(full, axis=1)',
         '"mean": jax.lax.pcast(jnp.sum(full, axis=1), cfg.axes.members, to="varying")'),
    ],
    'ens_serving_heads.py': [
        ('("serve", P("members", None, reduced={"inputs"}))',
         '("serve", P("inputs", None, reduced={"members"}))'),
    ],
    'ens_temperature_softmax.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'flow_clip_squash.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'flow_coupling_checkpoint.py': [
        ('lambda h: jax.lax.all_gather(h, second,',
         'lambda h: jax.lax.all_gather(jax.lax.pcast(h, dump.first, to="varying"), second,'),
    ],
    'flow_dim_bounds.py': [
        ('(cfg.axes.dims)(full)',
         '(cfg.axes.dims)(jax.lax.pcast(full, cfg.axes.dims, to="varying"))'),
    ],
    'flow_logdet_snapshot.py': [
        ('lambda params, h: jax.lax.all_gather(h, params["collect_axis"]',
         'lambda params, h: jax.lax.all_gather(jax.lax.pcast(h, params["collect_axis"], to="varying"), params["collect_axis"]'),
    ],
    'flow_logdet_total.py': [
        ('ld_sum = jnp.sum(ld)',
         'ld_sum = jax.lax.pcast(jnp.sum(ld), cfg.axes.dims, to="varying")'),
    ],
    'flow_sample_export.py': [
        ('    return export(pred)',
         '    with jax.set_mesh(mesh):\n        return export(pred)'),
    ],
    'gp_feature_dump.py': [
        ('gather_to(order[1])',
         'lambda h: jax.lax.pcast(h, order[0], to="varying"), gather_to(order[1])'),
    ],
    'gp_feature_export.py': [
        ('reduced=())',
         'reduced=("data",))'),
    ],
    'gp_feature_host_layout.py': [
        ('return jax.lax.all_gather(h, ROLE_OF[role],',
         'return jax.lax.all_gather(jax.lax.pcast(h, ROLE_OF[role], to="varying"), ROLE_OF[role],'),
    ],
    'gp_gram_allreduce.py': [
        ('"first": jnp.sum(full, axis=0)',
         '"first": jax.lax.pcast(jnp.sum(full, axis=0), cfg.axes.rff, to="varying")'),
    ],
    'gp_nll_allreduce.py': [
        ('nll = gaussian_nll(jnp.zeros_like(mu), mu)',
         'nll = jax.lax.pcast(gaussian_nll(jnp.zeros_like(mu), mu), cfg.axes.rff, to="varying")'),
    ],
    'gp_rbf_features.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'mlp_activation_dump.py': [
        ('gather_stage(axes, acc)',
         'gather_stage(axes, jax.lax.pcast(acc, "hidden", to="varying") if len(axes) > 1 else acc)'),
    ],
    'mlp_input_centering.py': [
        ('jax.lax.pmean(full, norm_axis)',
         'jax.lax.pmean(jax.lax.pcast(full, norm_axis, to="varying"), norm_axis)'),
    ],
    'mlp_input_scaling.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'mlp_kernel_export.py': [
        ('"kernel": P("hidden", None, reduced={"batch"}),',
         '"kernel": P(None, "hidden", reduced={"batch"}),'),
    ],
    'mlp_logit_snapshot.py': [
        ('gather_reduced(log.axis, log.dim))',
         'lambda h: jax.lax.pcast(h, log.axis, to="varying"), gather_reduced(log.axis, log.dim))'),
    ],
    'mlp_loss_pmean.py': [
        ('jax.lax.pmean(jnp.mean(pred ** 2, axis=0), axes)',
         'jax.lax.pmean(jax.lax.pcast(jnp.mean(pred ** 2, axis=0), axes[1], to="varying"), axes)'),
    ],
    'ntk_features_export.py': [
        ('export=P(None, "feat"))',
         'export=P(None, "feat", reduced={"pts"}))'),
    ],
    'ntk_jacobian_dump.py': [
        ('h = jax.lax.all_gather(h, axes,',
         'h = jax.lax.all_gather(jax.lax.pcast(h, cfg.axes.feat, to="varying") if len(axes) > 1 else h, axes,'),
    ],
    'ntk_kernel_diag_log.py': [
        ('lambda h: gather(jnp.tanh(h))',
         'lambda h: gather(jax.lax.pcast(jnp.tanh(h), pick_axis(axes), to="varying"))'),
    ],
    'ntk_ring_shift.py': [
        ('jax.lax.ppermute(full, shift_axis, perm)',
         'jax.lax.ppermute(jax.lax.pcast(full, shift_axis, to="varying"), shift_axis, perm)'),
    ],
    'ntk_row_standardize.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'ntk_trace_allreduce.py': [
        ('jax.lax.psum(jnp.trace(gram), everywhere)',
         'jax.lax.psum(jax.lax.pcast(jnp.trace(gram), cfg.axes.feat, to="varying"), everywhere)'),
    ],
    'ssm_channel_histogram.py': [
        ('hist = jnp.sum(jnp.abs(y), axis=0)',
         'hist = jax.lax.pcast(jnp.sum(jnp.abs(y), axis=0), cfg.axes.state, to="varying")'),
    ],
    'ssm_discretise.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'ssm_kernel_gather.py': [
        ('full_spec(cfg.axes))',
         'full_spec(cfg.axes), multi_dim=True)'),
    ],
    'ssm_readout_cache.py': [
        ('return jax.lax.all_gather(h, self.axis,',
         'return jax.lax.all_gather(jax.lax.pcast(h, self.axis, to="varying"), self.axis,'),
    ],
    'ssm_state_dump.py': [
        ('return jax.lax.all_gather(h, self.everything,',
         'return jax.lax.all_gather(jax.lax.pcast(h, "state", to="varying"), self.everything,'),
    ],
    'ssm_state_relayout.py': [
        ('("relayout", transpose_layout(cfg.axes.state)),',
         '("cast", lambda h: jax.lax.pcast(h, cfg.axes.state, to="varying")),\n        ("relayout", transpose_layout(cfg.axes.state)),'),
    ],
    'vae_batchnorm_stats.py': [
        ('jax.lax.pmean(jnp.sum(h, axis=0), axis)',
         'jax.lax.pmean(jax.lax.pcast(jnp.sum(h, axis=0), axis, to="varying"), axis)'),
    ],
    'vae_decoder_gelu.py': [
        ('to="reduced")',
         'to="invarying")'),
    ],
    'vae_elbo_average.py': [
        ('terms = elbo_terms(h)',
         'terms = elbo_terms(jax.lax.pcast(h, cfg.axes.latent, to="varying"))'),
    ],
    'vae_encoder_dump.py': [
        ('h = GATHERS[name](h)',
         'h = GATHERS[name](jax.lax.pcast(h, "latent", to="varying") if name == "global" else h)'),
    ],
    'vae_flat_rows_export.py': [
        ('keep=cfg.axes.latent)',
         'keep=cfg.axes.batch)'),
    ],
    'vae_latent_stats_dump.py': [
        ('lambda leaf: jax.lax.all_gather(leaf, axis,',
         'lambda leaf: jax.lax.all_gather(jax.lax.pcast(leaf, axis, to="varying"), axis,'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
