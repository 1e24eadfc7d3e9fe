"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout131/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axis the code meant (the
right config value or constructor argument), the right `reduced=` axes, `multi_dim=True` or a
context mesh for `top_level_all_gather`, and for most SF106 programs the producer's gather
changed to `to='invarying'` (with the out spec that no longer says reduced, where there is one).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # mlp_*
    'mlp_tp_probe.py': [
        ('"probe_axis": "model"}', '"probe_axis": "data"}'),
    ],
    'mlp_hidden_dump.py': [
        ('return jax.lax.all_gather(hidden, DUMP_AXES, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(hidden, AXES["hidden"], to="varying"), DUMP_AXES, axis=0, tiled=True, to="reduced")'),
    ],
    'mlp_act_norm.py': [
        ('total = jax.lax.psum(jnp.sum(sq), self.axis)',
         f'total = jax.lax.psum({PC}(jnp.sum(sq), self.axis, to="varying"), self.axis)'),
    ],
    'mlp_param_export.py': [
        ('reduced=set(axes[:1]) if key.endswith("/w") and ndim > 1 else set())', 'reduced=set(axes))'),
    ],
    'mlp_train_loss.py': [
        ('"loss_axes": ("data", "model")}', '"loss_axes": ("data",)}'),
    ],
    'mlp_calibrated_probs.py': [
        ('everyone = jax.lax.all_gather(logits, self.axis, axis=0, tiled=True, to="reduced")',
         'everyone = jax.lax.all_gather(logits, self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={EVAL_SETTINGS["axis"]}))', 'out_specs=P(None, None))'),
    ],
    # tfm_*
    'tfm_attn_probe.py': [
        ('def layer(x, head_axis="model", probe_axis="model"):', 'def layer(x, head_axis="model", probe_axis="data"):'),
    ],
    'tfm_kv_export.py': [
        ('return {name: jax.lax.all_gather(t, export_axes(),',
         f'return {{name: jax.lax.all_gather({PC}(t, LAYOUT["heads"], to="varying"), export_axes(),'),
    ],
    'tfm_head_entropy.py': [
        ('return jax.lax.pmean(per_head, self.axes.heads)',
         f'return jax.lax.pmean({PC}(per_head, self.axes.heads, to="varying"), self.axes.heads)'),
    ],
    'tfm_fsdp_gather.py': [
        ('(re.compile(r"ffw_down/kernel"), P(None, "model", reduced={"data"})),',
         '(re.compile(r"ffw_down/kernel"), P("model", None, reduced={"data"})),'),
    ],
    'tfm_token_loss.py': [
        ('total = jax.lax.psum(jnp.sum(xent), REDUCE_OVER)', 'total = jax.lax.psum(jnp.sum(xent), "data")'),
    ],
    'tfm_seq_parallel_norm.py': [
        ('return jax.lax.all_gather(x, get_config("seq_axis"), axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, get_config("seq_axis"), axis=1, tiled=True, to="invarying")'),
    ],
    # res_*
    'res_bn_stats_log.py': [
        ('set_state("seen", jax.lax.all_gather(mean, MONITOR_AXIS, to="reduced"))',
         f'set_state("seen", jax.lax.all_gather({PC}(mean, MONITOR_AXIS, to="varying"), MONITOR_AXIS, to="reduced"))'),
    ],
    'res_feature_export.py': [
        ('return jax.lax.all_gather(embeddings, mesh_axes(), axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(embeddings, mesh_axes()[-1], to="varying"), mesh_axes(), axis=0, tiled=True, to="reduced")'),
    ],
    'res_ghost_bn.py': [
        ('everyone = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")',
         'everyone = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="invarying")'),
    ],
    'res_ema_checkpoint.py': [
        ('        whole = self.gather(placed)\n',
         '        with jax.set_mesh(self.mesh):\n            whole = self.gather(placed)\n'),
    ],
    'res_proj_bn.py': [
        ('"bn_axes": ("data", "model")', '"bn_axes": ("data",)'),
    ],
    'res_contrastive_head.py': [
        ('return jax.lax.all_gather(z, self.axis, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(z, self.axis, axis=0, tiled=True, to="invarying")'),
    ],
    # lstm_*
    'lstm_state_probe.py': [
        ('set_state("mean_state", jax.lax.all_gather(mean_state, get_config("probe_axis"), to="reduced"))',
         f'set_state("mean_state", jax.lax.all_gather({PC}(mean_state, get_config("probe_axis"), to="varying"), '
         'get_config("probe_axis"), to="reduced"))'),
    ],
    'lstm_tagger_dump.py': [
        ('return jax.lax.all_gather(emissions, tuple(axes), axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(emissions, axes.tags, to="varying"), tuple(axes), axis=0, tiled=True, to="reduced")'),
    ],
    'lstm_activation_clip.py': [
        ('bound = jax.lax.pmax(mass, self.replica_axis)',
         f'bound = jax.lax.pmax({PC}(mass, self.replica_axis, to="varying"), self.replica_axis)'),
    ],
    'lstm_carry_export.py': [
        ('"outputs": P(STREAM_AXIS, None, None),', '"outputs": P(None, None, None, reduced={STREAM_AXIS}),'),
    ],
    'lstm_perplexity.py': [
        ('return Perplexity(axis_names[-1], axis_names)(logits, ids[:, 1:])',
         'return Perplexity(axis_names[-1], axis_names[:1])(logits, ids[:, 1:])'),
    ],
    'lstm_batch_memory.py': [
        ('return jax.lax.all_gather(h, MEMORY["axis"], axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(h, MEMORY["axis"], axis=0, tiled=True, to="invarying")'),
    ],
    # vae_*
    'vae_kl_monitor.py': [
        ('"log_axis": "data", "latent": 8}', '"log_axis": "model", "latent": 8}'),
    ],
    'vae_recon_dump.py': [
        ('return jax.lax.all_gather(images, self.axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(images, PIXEL_AXIS, to="varying"), self.axes, axis=0, tiled=True, to="reduced")'),
    ],
    'vae_prior_match.py': [
        ('total = jax.lax.psum(jnp.sum(second), (self.axes.latent,))',
         f'total = jax.lax.psum({PC}(jnp.sum(second), self.axes.latent, to="varying"), (self.axes.latent,))'),
    ],
    'vae_decoder_export.py': [
        ('exported[key] = top_level_all_gather(value, whole_spec(value.ndim, mesh.axis_names))',
         'exported[key] = top_level_all_gather(value, whole_spec(value.ndim, [a for a in train_spec(key, value.ndim) if a]))'),
    ],
    'vae_beta_elbo.py': [
        ('average_axes: tuple = ("data", "model")', 'average_axes: tuple = ("data",)'),
    ],
    'vae_posterior_sampler.py': [
        ('return jax.lax.all_gather(v, get_config("latent_axis"), axis=-1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(v, get_config("latent_axis"), axis=-1, tiled=True, to="invarying")'),
    ],
    # rl_*
    'rl_value_logger.py': [
        ('{"hidden_axis": "model", "log_axis": "model"}', '{"hidden_axis": "model", "log_axis": "data"}'),
    ],
    'rl_priority_writer.py': [
        ('return jax.lax.all_gather(priorities, BATCH_AXES, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(priorities, GROUP_AXIS, to="varying"), BATCH_AXES, tiled=True, to="reduced")'),
    ],
    'rl_popart_stats.py': [
        ('batch = jax.lax.all_gather(returns, axis, tiled=True, to="reduced")',
         'batch = jax.lax.all_gather(returns, axis, tiled=True, to="invarying")'),
    ],
    'rl_target_sync.py': [
        ('top_level_all_gather(v, whole(online_layout(k)))', 'top_level_all_gather(v, whole(online_layout(k)), multi_dim=True)'),
    ],
    'rl_critic_loss.py': [
        ('return jax.lax.psum(sq, tuple(MESH_SHAPE)) / n', 'return jax.lax.psum(sq, "data") / n'),
    ],
    'rl_advantage_norm.py': [
        ('everyone = jax.lax.all_gather(adv, self.axis, tiled=True, to="reduced")',
         'everyone = jax.lax.all_gather(adv, self.axis, tiled=True, to="invarying")'),
    ],
    # emb_*
    'emb_vocab_probe.py': [
        ('"probe_axis": "model", "vocab": 64', '"probe_axis": "data", "vocab": 64'),
    ],
    'emb_index_export.py': [
        ('return jax.lax.all_gather(vectors, layout.collect, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(vectors, layout.dim_axis, to="varying"), layout.collect, axis=0, tiled=True, to="reduced")'),
    ],
    'emb_inbatch_softmax.py': [
        ('pool_mass = jax.lax.psum(pool_mass, axis)', f'pool_mass = jax.lax.psum({PC}(pool_mass, axis, to="varying"), axis)'),
    ],
    'emb_table_publish.py': [
        ('PublishRule(r"_head/w$", P(None, "model"), P(None, None)),',
         'PublishRule(r"_head/w$", P(None, "model"), P(None, None, reduced={"model"})),'),
    ],
    'emb_metrics_sync.py': [
        ('lambda m: jax.lax.pmean(m, METRIC_AXES)', 'lambda m: jax.lax.pmean(m, "data")'),
    ],
    'emb_clip_temperature.py': [
        ('all_txt = jax.lax.all_gather(txt, get_config("axis"), axis=0, tiled=True, to="reduced")',
         'all_txt = jax.lax.all_gather(txt, get_config("axis"), axis=0, tiled=True, to="invarying")'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
