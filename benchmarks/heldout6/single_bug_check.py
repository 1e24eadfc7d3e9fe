"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout6/single_bug_check.py

The fixes are the facts page's (a `pcast(..., to='varying')` before the collective, a full
`reduced=` spec or `jax.reshard`, a context mesh; for SF106 the arithmetic moved off the reduced
value). Written by hand from the bug, not from shardfix. A program that still fails after its
fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARY = 'jax.lax.pcast({0}, {1}, to="varying")'

FIXES = {
    'audio_conformer_invarying_regather.py': [
        ('gather_frames(context, to="invarying")',
         'gather_frames(jax.lax.pcast(context, FRAMES, to="varying"), to="invarying")'),
    ],
    'audio_logmel_gathered_floor.py': [
        ('all_gather(energies, "mel",',
         'all_gather(jnp.maximum(energies, LOG_FLOOR), "mel",'),
        ('compose(jnp.abs, lambda e: jnp.maximum(e, LOG_FLOOR), jnp.log)',
         'compose(jnp.abs, jnp.log)'),
    ],
    'bayes_ensemble_pmean_posterior.py': [
        ('pmean(samples, "mc")',
         'pmean(jax.lax.pcast(samples, "mc", to="varying"), "mc")'),
    ],
    'bayes_predictive_pmean_config_axes.py': [
        ('pmean(evidence, cfg.axes)',
         'pmean(jax.lax.pcast(evidence, cfg.data_axis, to="varying"), cfg.axes)'),
    ],
    'distill_kl_pmean_axes_loop.py': [
        ('pmean(jnp.mean(per_example), tuple(axes))',
         'pmean(jax.lax.pcast(jnp.mean(per_example), "heads", to="varying"), tuple(axes))'),
    ],
    'distill_student_enum_axes.py': [
        ('all_gather(rows, (Mesh.DATA.value',
         'all_gather(jax.lax.pcast(rows, Mesh.TENSOR.value, to="varying"), (Mesh.DATA.value'),
    ],
    'distill_teacher_pmean_dataclass.py': [
        ('all_gather(t_logits, cfg.replica_axis,',
         'all_gather(jax.lax.pcast(t_logits, cfg.replica_axis, to="varying"), cfg.replica_axis,'),
    ],
    'distill_teacher_softmax_gathered.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
        ('out_specs=(P("batch", None, reduced={"classes"}),\n                                 P("batch", None, reduced={"classes"})))',
         'out_specs=(P("batch", None), P("batch", None)))'),
    ],
    'ensemble_pmax_loglik_mappers.py': [
        ('all_gather(v, "member",',
         'all_gather(jax.lax.pcast(v, "member", to="varying"), "member",'),
    ],
    'gemma_sampling_temperature_gathered.py': [
        ('local = h @ unembed.T',
         'local = (h @ unembed.T) / self.cfg.temperature'),
        ('scaled = full / self.cfg.temperature',
         'scaled = full'),
    ],
    'gemma_sampling_vocab_regather.py': [
        ('logged = full_logits(vocab_view,',
         'logged = full_logits(jax.lax.pcast(vocab_view, cfg["vocab_axis"], to="varying"),'),
    ],
    'gnn_edge_psum_scatter_gathered.py': [
        ('psum_scatter(h_all,',
         'psum_scatter(jax.lax.pcast(h_all, node_axis, to="varying"),'),
    ],
    'gnn_node_loss_psum_all_axes.py': [
        ('psum(nll, ALL)',
         'psum(jax.lax.pcast(nll, "model", to="varying"), ALL)'),
    ],
    'gnn_segment_sum_degree_gather.py': [
        ('all_gather(deg[:, None] * jnp.ones_like(summed), "data",',
         'all_gather(jax.lax.pcast(deg[:, None] * jnp.ones_like(summed), "data", to="varying"), "data",'),
    ],
    'jaxmd_neighbor_positions_gather.py': [
        ('all_gather(r, axes[-1 - i:],',
         'all_gather(jax.lax.pcast(r, axes[-i:], to="varying") if i else r, axes[-1 - i:],'),
    ],
    'jaxmd_positions_minimum_image.py': [
        ('wrapped = SPACE.wrap(everyone)',
         'wrapped = everyone'),
    ],
    'kmeans_counts_partial_gather.py': [
        ('all_gather(counts[None], axis,',
         'all_gather(jax.lax.pcast(counts[None], axis, to="varying"), axis,'),
    ],
    'kmeans_gathered_centroid_mean.py': [
        ('tiled=True, to="reduced")',
         'tiled=True, to="invarying")'),
        ('out_specs=(P(), P(reduced={K_AXIS})))',
         'out_specs=(P(), P()))'),
    ],
    'kmeans_inertia_mesh_axis_names.py': [
        ('psum(jnp.sum(best), mesh.axis_names)',
         'psum(jax.lax.pcast(jnp.sum(best), "replica", to="varying"), mesh.axis_names)'),
    ],
    'kmeans_psum_gathered_centroids.py': [
        ('psum(jnp.sum(logged, axis=0),',
         'psum(jax.lax.pcast(jnp.sum(logged, axis=0), AXIS_OF["centroids"], to="varying"),'),
    ],
    'mamba_chunked_scan_state_psum.py': [
        ('psum(states, SEQ)',
         'psum(jax.lax.pcast(states, SEQ, to="varying"), SEQ)'),
    ],
    'mamba_grads_pmean_namedtuple.py': [
        ('pmean(g, tuple(AXES))',
         'pmean(jax.lax.pcast(g, AXES.dp, to="varying"), tuple(AXES))'),
    ],
    'mamba_ssm_state_matrix_gather.py': [
        ('all_gather(a_full, (DP, TP),',
         'all_gather(jax.lax.pcast(a_full, TP, to="varying"), (DP, TP),'),
    ],
    'mod_router_aux_loss_argparse.py': [
        ('psum(aux, AXIS_NAMES)',
         'psum(jax.lax.pcast(aux, AXIS_NAMES[1], to="varying"), AXIS_NAMES)'),
    ],
    'mod_router_capacity_scores.py': [
        ('gather(per_group, self.axes)',
         'gather(jax.lax.pcast(per_group, self.group_axis, to="varying"), self.axes)'),
    ],
    'pde_gathered_boundary_scaled_dt.py': [
        ('    strip = share_boundary(u, cfg["axis"])\n    strip = damp(strip, cfg)',
         '    strip = share_boundary(damp(u, cfg), cfg["axis"])'),
    ],
    'pde_halo_full_field_gather.py': [
        ('all_gather(rows, ("px", "py"),',
         'all_gather(jax.lax.pcast(rows, "py", to="varying"), ("px", "py"),'),
    ],
    'pde_halo_ppermute_gathered_edge.py': [
        ('ppermute(boundary, "x",',
         'ppermute(jax.lax.pcast(boundary, "x", to="varying"), "x",'),
    ],
    'pipeline_reduce_stats_gather.py': [
        ('all_gather(v, axis, axis=0,',
         'all_gather(jax.lax.pcast(v, axis, to="varying"), axis, axis=0,'),
    ],
    'recsys_all_to_all_reduced_ids.py': [
        ('all_to_all(ids, self.axis,',
         'all_to_all(jax.lax.pcast(ids, self.axis, to="varying"), self.axis,'),
    ],
    'recsys_embedding_shards_regather.py': [
        ('all_gather(wide, (self.row_axis, self.col_axis),',
         'all_gather(jax.lax.pcast(wide, self.col_axis, to="varying"), (self.row_axis, self.col_axis),'),
    ],
    'recsys_gathered_embedding_bias.py': [
        ('axis=1, tiled=True, to="reduced")',
         'axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("batch", None, reduced={"emb"}))',
         'out_specs=P("batch", None))'),
    ],
    'speech_frame_energy_gather.py': [
        ('all_gather(total, axes.time,',
         'all_gather(jax.lax.pcast(total, axes.time, to="varying"), axes.time,'),
    ],
    'sweep_psum_scatter_grad_buckets.py': [
        ('psum_scatter(bucket, tuple(axes),',
         'psum_scatter(jax.lax.pcast(bucket, "data", to="varying"), tuple(axes),'),
    ],
    'sweep_seeds_vmap_loss_gather.py': [
        ('all_gather(best, args.data_axis,',
         'all_gather(jax.lax.pcast(best, args.data_axis, to="varying"), args.data_axis,'),
    ],
    'tlag_adam_state_tree_map.py': [
        ('top_level_all_gather(opt["nu"]["dense"], P("pod", None, reduced={"data", "model"}))',
         'jax.reshard(opt["nu"]["dense"], P("pod", None))'),
    ],
    'tlag_jit_out_shardings_student.py': [
        ('top_level_all_gather(proj, EVAL_SPEC)',
         'jax.reshard(proj, P("tp", None))'),
    ],
    'tlag_kmeans_reshard_enum.py': [
        ('top_level_all_gather(centroids, P(Ax.CLUSTER.value, reduced={Ax.DATA.value}))',
         'jax.reshard(centroids, P(Ax.CLUSTER.value))'),
    ],
    'tlag_loader_process_local_batches.py': [
        ('top_level_all_gather(batch["labels"], P(None))',
         'top_level_all_gather(batch["labels"], P(None, reduced={"data"}))'),
    ],
    'tlag_pde_shard_map_field.py': [
        ('rows = top_level_all_gather(u, plot_spec)',
         'rows = jax.reshard(u, P("px", None))'),
    ],
    'tlag_recsys_table_device_put.py': [
        ('top_level_all_gather(placed["user"], EXPORT_LAYOUT["user"])',
         'jax.reshard(placed["user"], P("chip", None))'),
    ],
    'tlag_sweep_results_no_mesh.py': [
        ('\n        return report(losses)',
         '\n            return report(losses)'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
