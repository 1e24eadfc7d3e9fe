"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout19/single_bug_check.py

Fixes written by hand from each bug (not from shardfix), on the failing line where the bug can be
fixed there: a `pcast(..., to='varying')` of the collective's input, a `jax.reshard` or a full
`reduced=` spec, a `pcast(..., to='reduced')` of the other operand. Exceptions: the helper called
twice gets its cast at the call that passes the bad value; the missing context mesh is added
around the call; for SF106 on a constant the arithmetic moves before the gather (or the gather
goes to 'invarying'). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {
    'ckpt_async_ema_ring_ppermute.py': [
        ('ppermute(snapshot, "fsdp"',
         'ppermute(jax.lax.pcast(snapshot, "fsdp", to="varying"), "fsdp"'),
    ],
    'ckpt_checksum_tree_map_helper.py': [
        ('return jax.lax.psum(local, axes)',
         'return jax.lax.psum(jax.lax.psum(local, axes[0]), axes[1])'),
    ],
    'ckpt_embedding_restore_args_regather.py': [
        ('all_gather(local, (args',
         'all_gather(jax.lax.pcast(local, args.shard_axis, to="varying"), (args'),
    ],
    'ckpt_int8_dequant_gathered.py': [
        ('* scale',
         '* jax.lax.pcast(scale, "fsdp", to="reduced")'),
    ],
    'ckpt_reshard_plan_three_axis_tlag.py': [
        ('out[name] = top_level_all_gather(tree[name], target)',
         'out[name] = jax.reshard(tree[name], P(("replica", "fsdp"), None))'),
    ],
    'ckpt_restored_norm_psum_gather.py': [
        ('all_gather(jnp.sqrt(sq), "fsdp",',
         'all_gather(jax.lax.pcast(jnp.sqrt(sq), "fsdp", to="varying"), "fsdp",'),
    ],
    'grain_image_normalize_gathered.py': [
        ('images = jax.lax.all_gather(crops,',
         'images = jax.lax.all_gather((crops.astype(jnp.float32) / 255.0 - MEAN) / STD,'),
        ('return (images / 255.0 - MEAN) / STD',
         'return images'),
    ],
    'grain_loader_islice_tlag.py': [
        ('dumped.append(top_level_all_gather(batch["targets"], P("seq", reduced={"data"})))',
         'dumped.append(jax.reshard(batch["targets"], P("seq")))'),
    ],
    'grain_masked_mean_helper_psum.py': [
        ('jax.lax.psum(count, axes)',
         'jax.lax.psum(jax.lax.pcast(count, "seq", to="varying"), axes)'),
    ],
    'grain_packed_segments_regather.py': [
        ('all_gather(starts, (DATA',
         'all_gather(jax.lax.pcast(starts, SEQ, to="varying"), (DATA'),
    ],
    'grain_shuffle_all_to_all_gathered.py': [
        ('all_to_all(x, axis_name,',
         'all_to_all(jax.lax.pcast(x, axis_name, to="varying"), axis_name,'),
    ],
    'grain_token_count_psum_gather.py': [
        ('all_gather(n_real[None], "data",',
         'all_gather(jax.lax.pcast(n_real[None], "data", to="varying"), "data",'),
    ],
    'mpc_dynamics_residual_axes_loop.py': [
        ('psum(per_robot, tuple(axes))',
         'psum(jax.lax.pcast(per_robot, "sample", to="varying"), tuple(axes))'),
    ],
    'mpc_mppi_baseline_pmin_gather.py': [
        ('all_gather(baseline[:, None], "sample",',
         'all_gather(jax.lax.pcast(baseline[:, None], "sample", to="varying"), "sample",'),
    ],
    'mpc_plan_property_no_mesh.py': [
        ('    return plan.gathered',
         '    with jax.set_mesh(mesh):\n        return plan.gathered'),
    ],
    'mpc_rollout_collect_helper_twice.py': [
        ('for_logging = collect(per_robot,',
         'for_logging = collect(jax.lax.pcast(per_robot, "sample", to="varying"),'),
    ],
    'mpc_saturate_lambda_attr.py': [
        ('u_all = jax.lax.all_gather(u, "sample"',
         'u_all = jax.lax.all_gather(self.saturate(u), "sample"'),
        ('return self.saturate(u_all)',
         'return u_all'),
    ],
    'mpc_softmin_normalizer_psum.py': [
        ('psum(unnorm, "sample")',
         'psum(jax.lax.pcast(unnorm, "sample", to="varying"), "sample")'),
    ],
    'nerf_chunked_composite_scan.py': [
        ('psum(weights, "pts")',
         'psum(jax.lax.pcast(weights, "pts", to="varying"), "pts")'),
    ],
    'nerf_hierarchical_gather_table.py': [
        ('GATHER["fine"](anchors)',
         'GATHER["fine"](jax.lax.pcast(anchors, "pts", to="varying"))'),
    ],
    'nerf_optical_depth_psum_gather.py': [
        ('all_gather(tau, "pts",',
         'all_gather(jax.lax.pcast(tau, "pts", to="varying"), "pts",'),
    ],
    'nerf_psnr_env_axes_pmean.py': [
        ('pmean(mse, (RAY',
         'pmean(jax.lax.pcast(mse, PTS_AXIS, to="varying"), (RAY'),
    ],
    'nerf_raw2alpha_helper_relu.py': [
        ('raw_all = jax.lax.all_gather(raw, "pts", axis=1, tiled=True, to="reduced")',
         'raw_all = jax.lax.all_gather(raw, "pts", axis=1, tiled=True, to="invarying")'),
    ],
    'nerf_render_shard_map_tlag.py': [
        ('P(None, None))',
         'P(None, None, reduced={"rays"}))'),
    ],
    'raft_corr_channel_psum_gather.py': [
        ('all_gather(corr, cfg.channel_axis,',
         'all_gather(jax.lax.pcast(corr, cfg.channel_axis, to="varying"), cfg.channel_axis,'),
    ],
    'raft_epe_loss_argparse_axes.py': [
        ('pmean(total, (batch_axis',
         'pmean(jax.lax.pcast(total, pixel_axis, to="varying"), (batch_axis'),
    ],
    'raft_flow_export_jit_tlag.py': [
        ('return top_level_all_gather(flow, P("pix", reduced={"batch"}))',
         'return jax.reshard(flow, P("pix"))'),
    ],
    'raft_metrics_pmean_gathered_flow.py': [
        ('jax.lax.pmean(jnp.abs(v).sum(axis=(1, 2)), ax)',
         'jax.lax.pmean(jax.lax.pcast(jnp.abs(v).sum(axis=(1, 2)), ax, to="varying"), ax)'),
    ],
    'raft_pyramid_levels_regather.py': [
        ('all_gather(pyramid[-1], axes,',
         'all_gather(jax.lax.pcast(pyramid[-1], axes[-1], to="varying"), axes,'),
    ],
    'raft_upsample_method_scale.py': [
        ('return up * self.factor',
         'return up'),
        ('full = self.gather(flow)',
         'full = self.gather(flow * self.factor)'),
    ],
    'sae_dead_features_pmax_gathered.py': [
        ('pmax(batch.sum(axis=0), self',
         'pmax(jax.lax.pcast(batch.sum(axis=0), self.data_axis, to="varying"), self'),
    ],
    'sae_decoder_reshard_tlag.py': [
        ('return top_level_all_gather(w_dec, P("feat", None, reduced={"data"}))',
         'return jax.reshard(w_dec, P("feat", None))'),
    ],
    'sae_feature_acts_namedtuple_regather.py': [
        ('all_gather(row, tuple(AXES)',
         'all_gather(jax.lax.pcast(row, AXES.feat, to="varying"), tuple(AXES)'),
    ],
    'sae_l0_psum_gather.py': [
        ('all_gather(active, "feat",',
         'all_gather(jax.lax.pcast(active, "feat", to="varying"), "feat",'),
    ],
    'sae_recon_fori_accumulate.py': [
        ('pmean(total / N_MICRO,',
         'pmean(jax.lax.pcast(total / N_MICRO, "feat", to="varying"),'),
    ],
    'sae_topk_threshold_method.py': [
        ('pre = jax.lax.all_gather(x @ w_enc,',
         'pre = jax.lax.all_gather(self.gate(x @ w_enc),'),
        ('return self.gate(pre)',
         'return pre'),
    ],
    'vit_attention_heads_psum_helpers.py': [
        ('psum(maps.sum(axis=0), axis)',
         'psum(jax.lax.pcast(maps.sum(axis=0), axis, to="varying"), axis)'),
    ],
    'vit_cls_pool_pmean_gather_enum.py': [
        ('all_gather(pooled, Axis.SEQ.value,',
         'all_gather(jax.lax.pcast(pooled, Axis.SEQ.value, to="varying"), Axis.SEQ.value,'),
    ],
    'vit_hidden_partial_regather.py': [
        ('gather_reduced(h_full, (',
         'gather_reduced(jax.lax.pcast(h_full, "tensor", to="varying"), ('),
    ],
    'vit_metrics_tree_map_pmean.py': [
        ('jax.lax.pmean(m, axes)',
         'jax.lax.pmean(jax.lax.pcast(m, "tensor", to="varying"), axes)'),
    ],
    'vit_params_tree_map_tlag.py': [
        ('head = top_level_all_gather(placed["head"], P("tensor", None, reduced={"data"}))',
         'head = jax.reshard(placed["head"], P("tensor", None))'),
    ],
    'vit_pos_embed_added_gathered.py': [
        ('return tokens + pos[None]',
         'return jax.lax.pcast(tokens, "tensor", to="reduced") + pos[None]'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
