"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout152/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the programs' own compat shim
`to_varying(...)` (which calls `jax.lax.pcast(..., to='varying')`) before the collective where
the program's literal meaning is kept, the axis or stage list the code meant (the right config
value, flag, class attribute or default), the export spec JAX accepts for `top_level_all_gather`
(or the call moved into the mesh context), and for the SF106 programs the producer's gather
changed to `to='invarying'`. A program that still fails after its fix hides a second error:
every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    # lm_*
    'lm_logit_stats.py': [
        ('stats_axis: str = "model"', 'stats_axis: str = "data"'),
    ],
    'lm_embed_dump.py': [
        ('return jax.lax.all_gather(block, dump_axes(self.layout), axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(to_varying(block, self.layout["hidden"]), dump_axes(self.layout), axis=0, tiled=True, to="reduced")'),
    ],
    'lm_grad_norm.py': [
        ('total = jax.lax.psum(g, DATA)[0]', 'total = jax.lax.psum(to_varying(g, DATA), DATA)[0]'),
    ],
    'lm_ckpt_export.py': [
        ('    "wo": P(None, "model", reduced={"data"}),', '    "wo": P("model", None, reduced={"data"}),'),
    ],
    'lm_loss_mean.py': [
        ('return jax.lax.pmean(loss, mesh_axes_of())', 'return jax.lax.pmean(loss, "data")'),
    ],
    'lm_attn_scale.py': [
        ('return jax.lax.all_gather(block, SEQ_AXIS, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(block, SEQ_AXIS, axis=1, tiled=True, to="invarying")'),
    ],
    # vit_*
    'vit_probe_pool.py': [
        ('"gather_over": "spatial",', '"gather_over": "batch",'),
    ],
    'vit_featmap_export.py': [
        ('    images=(("batch", "spatial"), 0),', '    images=("batch", 0),'),
    ],
    'vit_bn_stats.py': [
        ('x = jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")',
         'x = to_varying(jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced"), self.axis_name)'),
    ],
    'vit_head_publish.py': [
        ('            head = finetune_head(head, feats, labels)\n        return head',
         '            head = finetune_head(head, feats, labels)\n            return publish(head)'),
        ('    trained = HeadTrainer(mesh).run(head, feats, labels)\n    whole, digest = publish(trained)',
         '    whole, digest = HeadTrainer(mesh).run(head, feats, labels)'),
    ],
    'vit_dice_loss.py': [
        ('return jax.lax.psum(jnp.sum(per_image), MESH_NAMES) / n_images',
         'return jax.lax.psum(jnp.sum(per_image), "batch") / n_images'),
    ],
    'vit_global_tokens.py': [
        ('return jax.lax.all_gather(tokens, "spatial", axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(tokens, "spatial", axis=1, tiled=True, to="invarying")'),
    ],
    # moe_*
    'moe_load_balance.py': [
        ('    aux_axes: tuple = ("data", "model")', '    aux_axes: tuple = ("expert",)'),
    ],
    'moe_dispatch_dump.py': [
        ('return jax.lax.all_gather(y, self.dump_axes, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(to_varying(y, self.expert_axis), self.dump_axes, axis=1, tiled=True, to="reduced")'),
    ],
    'moe_overflow_ring.py': [
        ('return jax.lax.ppermute(spill, "expert", ring_perm(N_EXPERT_SHARDS))',
         'return jax.lax.ppermute(to_varying(spill, "expert") if self.audit else spill, "expert", ring_perm(N_EXPERT_SHARDS))'),
    ],
    'moe_expert_export.py': [
        ('    "w_in": P("data", None, "model", reduced={"expert"}),\n    "w_out": P("data", "model", None, reduced={"expert"}),',
         '    "w_in": P("expert", None, "model", reduced={"data"}),\n    "w_out": P("expert", "model", None, reduced={"data"}),'),
    ],
    'moe_aux_losses.py': [
        ('def total_aux(logits, terms=TERMS, mean_axes=MESH_NAMES):', 'def total_aux(logits, terms=TERMS, mean_axes=("data",)):'),
    ],
    'moe_expert_choice.py': [
        ('return jax.lax.all_gather(logits, axis_name, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(logits, axis_name, axis=0, tiled=True, to="invarying")'),
    ],
    # diff_*
    'diff_timestep_monitor.py': [
        ('history = jax.lax.all_gather(mse, AXIS, axis=0, to="reduced")',
         'history = jax.lax.all_gather(per_shard, AXIS, axis=0, to="reduced")'),
    ],
    'diff_grid_dump.py': [
        ('COLLECT_STEPS = ["data", ("replica", "data")]', 'COLLECT_STEPS = ["data", "replica"]'),
    ],
    'diff_zero_update.py': [
        ('return jax.lax.psum_scatter(g, DATA, scatter_dimension=0, tiled=True)',
         'return jax.lax.psum_scatter(to_varying(g, DATA) if cfg.snapshot_grads else g, DATA, scatter_dimension=0, tiled=True)'),
    ],
    'diff_ema_export.py': [
        ('    return P(*([None] * len(shape)))', '    return P(*([None] * len(shape)), reduced={DATA})'),
    ],
    'diff_min_snr_loss.py': [
        ('    loss = jax.lax.psum(replica_sum, MESH_NAMES)', '    loss = jax.lax.psum(replica_sum, "replica")'),
    ],
    'diff_guided_decode.py': [
        ('return jax.lax.all_gather(eps_block, AXIS, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(eps_block, AXIS, axis=1, tiled=True, to="invarying")'),
    ],
    # rl_*
    'rl_episode_stats.py': [
        ('    log_axis = Axis.LEARNER', '    log_axis = Axis.ACTOR'),
    ],
    'rl_traj_writer.py': [
        ('    "collect": {"axes": ("actor", "learner"), "dim": 0},', '    "collect": {"axes": "actor", "dim": 0},'),
    ],
    'rl_ppo_advantages.py': [
        ('jax.lax.psum(jnp.sum(jnp.abs(every_env), axis=0), "actor")',
         'jax.lax.psum(jnp.sum(jnp.abs(to_varying(every_env, "actor")), axis=0), "actor")'),
    ],
    'rl_policy_publish.py': [
        ('PUBLISH_SPECS = Policy(torso=None, logits=P(None, None, reduced=ALL_AXES))',
         'PUBLISH_SPECS = Policy(torso=None, logits=P(None, None, reduced={"learner"}))'),
    ],
    'rl_entropy_monitor.py': [
        ('    return new, old, ScheduleConfig()', '    return new, old, ScheduleConfig(mean_axes=("actor",))'),
    ],
    'rl_nstep_targets.py': [
        ('return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="invarying")'),
    ],
    # gnn_*
    'gnn_degree_norm.py': [
        ('    degree_axes: tuple = ("feat",)', '    degree_axes: tuple = ("nodes",)'),
    ],
    'gnn_embed_export.py': [
        ('return jax.lax.all_gather(rows, axis_name=self.mesh.axis_names, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(to_varying(rows, self.feat_axis), axis_name=self.mesh.axis_names, axis=0, tiled=True, to="reduced")'),
    ],
    'gnn_feature_relayout.py': [
        ('return jax.lax.all_to_all(h, "feat", split_axis=0, concat_axis=1, tiled=True)',
         'return jax.lax.all_to_all(to_varying(h, "feat") if debug else h, "feat", split_axis=0, concat_axis=1, tiled=True)'),
    ],
    'gnn_partition_export.py': [
        ('Table("features", (16, 8), P("nodes", None), P(None, "feat", reduced={"nodes"})),',
         'Table("features", (16, 8), P("nodes", None), P(None, None, reduced={"nodes"})),'),
    ],
    'gnn_graph_pool.py': [
        ('return jax.lax.psum_scatter(mean_pooled, READOUT_AXES, scatter_dimension=0, tiled=True)',
         'return jax.lax.psum_scatter(to_varying(mean_pooled, "nodes"), READOUT_AXES, scatter_dimension=0, tiled=True)'),
    ],
    'gnn_attention_scores.py': [
        ('return jax.lax.all_gather(src_block, "nodes", axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(src_block, "nodes", axis=0, tiled=True, to="invarying")'),
    ],
    # pde_*
    'pde_residual_monitor.py': [
        ('    return u, f, ["--slab-axis", "y", "--tol", "1e-2"]', '    return u, f, ["--slab-axis", "x", "--tol", "1e-2"]'),
    ],
    'pde_plane_writer.py': [
        ('return jax.lax.all_gather(s, in_plane_axes(self.mesh), axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(to_varying(s, "z"), in_plane_axes(self.mesh), axis=1, tiled=True, to="reduced")'),
    ],
    'pde_jacobi_sweep.py': [
        ('    lo, hi = halo_x(inflow if mode == "pinned" else p)',
         '    lo, hi = halo_x(to_varying(inflow, "x") if mode == "pinned" else p)'),
    ],
    'pde_pencil_ckpt.py': [
        ('        return P(*self.keep, None, reduced=dropped)',
         '        return P(*(a if a in self.keep else None for a in all_axes), reduced=dropped)'),
    ],
    'pde_energy_budget.py': [
        ('        kinetic=jax.lax.pmean(jnp.mean(ke_cols), GRID_AXES),',
         '        kinetic=jax.lax.pmean(jnp.mean(ke_cols), ("x", "y")),'),
    ],
    'pde_upwind_flux.py': [
        ('return jax.lax.all_gather(q, "y", axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(q, "y", axis=1, tiled=True, to="invarying")'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
