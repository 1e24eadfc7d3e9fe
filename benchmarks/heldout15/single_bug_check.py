"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout15/single_bug_check.py

The fixes are written by hand from the bug, on the failing line (or at the one call that
passes the bad value to a helper): a `pcast(..., to='varying')` of exactly the axes the value
is invariant or reduced on, `jax.reshard` or a valid `reduced=` spec for top_level_all_gather,
and for SF106 the arithmetic done on a value cast back to varying. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXES = {'dreamer_kl_balance_argparse_axes.py': [('pmean(loss, axes)',
                                          'pmean(jax.lax.pcast(loss, "model", to="varying"), '
                                          'axes)')],
 'dreamer_return_scale_pmax.py': [('pmax(jnp.abs(rets_all), time_axis)',
                                   'pmax(jax.lax.pcast(jnp.abs(rets_all), time_axis, '
                                   'to="varying"), time_axis)')],
 'dreamer_rssm_deter_regather.py': [('all_gather(wd, mesh.axis_names,',
                                     'all_gather(jax.lax.pcast(wd, hidden, to="varying"), '
                                     'mesh.axis_names,')],
 'dreamer_symlog_reward_targets.py': [('x = jnp.clip(x, -REWARD_CLIP',
                                       'x = jnp.clip(jax.lax.pcast(x, "seq", to="varying"), '
                                       '-REWARD_CLIP')],
 'eqx_dropout_inverted_scale.py': [('w = self.full_weight() / (1.0 - self.rate)',
                                    'w = jax.lax.all_gather(self.weight / (1.0 - self.rate), '
                                    'self.axis, axis=0, tiled=True, to="reduced")')],
 'eqx_filter_linear_materialize.py': [('all_gather(self.weight, axes,',
                                       'all_gather(jax.lax.pcast(self.weight, self.in_axis, '
                                       'to="varying"), axes,')],
 'eqx_grads_pmean_filter_value_and_grad.py': [('jax.tree.map(lambda g: jax.lax.pmean(g, ("dp", '
                                               '"tp")), grads)',
                                               'jax.tree.map(lambda g: '
                                               'jax.lax.pmean(jax.lax.pcast(g, "dp", '
                                               'to="varying"), ("dp", "tp")), grads)')],
 'eqx_layernorm_module_pytree.py': [('all_gather(var, self.axis',
                                     'all_gather(jax.lax.pcast(var, self.axis, to="varying"), '
                                     'self.axis')],
 'gp_cholesky_jitter_gathered.py': [('return k + JITTER * jnp.eye',
                                     'return jax.lax.pcast(k, "cols", to="varying") + JITTER * '
                                     'jnp.eye')],
 'gp_inducing_partial_chain.py': [('gather_feats(z_pts, ("feat", "pts"))',
                                   'gather_feats(jax.lax.pcast(z_pts, "pts", to="varying"), '
                                   '("feat", "pts"))')],
 'gp_kernel_diag_mesh_axis_names.py': [('all_gather(trace, cols',
                                        'all_gather(jax.lax.pcast(trace, cols, to="varying"), '
                                        'cols')],
 'gp_solve_alpha_psum_scatter.py': [('psum_scatter(alpha_full, rows,',
                                     'psum_scatter(jax.lax.pcast(alpha_full, rows, to="varying"), '
                                     'rows,')],
 'pax_ffn_hparams_two_stage_gather.py': [('all_gather(w_rows, self.wt,',
                                          'all_gather(jax.lax.pcast(w_rows, self.wt[0], '
                                          'to="varying"), self.wt,')],
 'pax_ulysses_sequence_all_to_all.py': [('all_to_all(ctx, self.hp.seq_axis,',
                                         'all_to_all(jax.lax.pcast(ctx, self.hp.seq_axis, '
                                         'to="varying"), self.hp.seq_axis,')],
 'pax_weighted_scalar_metrics.py': [('psum(ws.weight, tuple(AXES))',
                                     'psum(jax.lax.pcast(ws.weight, AXES.data, to="varying"), '
                                     'tuple(AXES))')],
 'pic_charge_deposit_share.py': [('all_gather(field, axis,',
                                  'all_gather(jax.lax.pcast(field, axis, to="varying"), axis,')],
 'pic_efield_ghost_ppermute.py': [('ppermute(e[:, -1:], axis,',
                                   'ppermute(jax.lax.pcast(e[:, -1:], axis, to="varying"), axis,')],
 'pic_kinetic_energy_property_axes.py': [('pmean(ke, cfg.all_axes)',
                                          'pmean(jax.lax.pcast(ke, cfg.particle_axis, '
                                          'to="varying"), cfg.all_axes)')],
 'prune_global_magnitude_enum.py': [('all_gather(total, Axis.FSDP.value',
                                     'all_gather(jax.lax.pcast(total, Axis.FSDP.value, '
                                     'to="varying"), Axis.FSDP.value')],
 'prune_l1_norm_gathered_psum.py': [('psum(l1, "fsdp")',
                                     'psum(jax.lax.pcast(l1, "fsdp", to="varying"), "fsdp")')],
 'prune_masked_fsdp_kernel.py': [('w_sparse = w_full * mask',
                                  'w_sparse = jax.lax.all_gather(w_shard, "fsdp", axis=0, '
                                  'tiled=True, to="invarying") * mask')],
 'prune_sparsity_metrics_tree_map.py': [('jax.tree.map(lambda m: jax.lax.pmean(m, AXES), metrics)',
                                         'jax.tree.map(lambda m: jax.lax.pmean(jax.lax.pcast(m, '
                                         '"data", to="varying") if "data" not in '
                                         'jax.typeof(m).mat.varying else m, AXES), metrics)')],
 'rank_candidate_temperature_gather.py': [('cands = jax.lax.all_gather(c_shard, cfg.cand_axis, '
                                           'axis=0, tiled=True, to="reduced") / cfg.temperature',
                                           'cands = jax.lax.all_gather(c_shard / cfg.temperature, '
                                           'cfg.cand_axis, axis=0, tiled=True, to="reduced")')],
 'rank_item_tower_table_regather.py': [('all_gather(rows, both,',
                                        'all_gather(jax.lax.pcast(rows, self.axes["rows"], '
                                        'to="varying"), both,')],
 'rank_listwise_collect_attribute.py': [('self.collect = lambda s: jax.lax.all_gather(s,',
                                         'self.collect = lambda s: '
                                         'jax.lax.all_gather(jax.lax.pcast(s, list_axis, '
                                         'to="varying"),')],
 'rank_query_norm_scorer_method.py': [('all_gather(norms, self.cfg.query_axis',
                                       'all_gather(jax.lax.pcast(norms, self.cfg.query_axis, '
                                       'to="varying"), self.cfg.query_axis')],
 'rvq_codebook_ema_update.py': [('updated = state.decay * cb_full',
                                 'updated = state.decay * jax.lax.all_gather(state.codebook, '
                                 '"code", axis=0, tiled=True, to="invarying")')],
 'rvq_codebook_growing_axes_loop.py': [('full = jax.lax.all_gather(full, axes,',
                                        'full = jax.lax.all_gather(jax.lax.pcast(full, axes[:-1], '
                                        'to="varying") if i else full, axes,')],
 'rvq_commit_loss_grad_psum_scatter.py': [('psum_scatter(bucket, ("data", "model"),',
                                           'psum_scatter(jax.lax.pcast(bucket, "model", '
                                           'to="varying"), ("data", "model"),')],
 'rvq_usage_counts_mapper_dict.py': [('all_gather(v, ax, axis=0',
                                      'all_gather(jax.lax.pcast(v, ax, to="varying"), ax, axis=0')],
 'scf_electron_count_reduced_gather.py': [('all_gather(n_total, "kpt"',
                                           'all_gather(jax.lax.pcast(n_total, "kpt", '
                                           'to="varying"), "kpt"')],
 'scf_fock_block_helper_regather.py': [('gather_block(f_rows, (ROW, COL), 1)',
                                        'gather_block(jax.lax.pcast(f_rows, ROW, to="varying"), '
                                        '(ROW, COL), 1)')],
 'scf_linear_density_mixing.py': [('rho_in = mix["alpha"] * rho_out',
                                   'rho_in = mix["alpha"] * jax.lax.pcast(rho_out, "kpt", '
                                   'to="varying")')],
 'scf_orbital_gap_cli_pmin.py': [('pmin(eps_all, args.kpt_axis)',
                                  'pmin(jax.lax.pcast(eps_all, args.kpt_axis, to="varying"), '
                                  'args.kpt_axis)')],
 'scf_total_energy_mesh_axes.py': [('psum(jnp.sum(weights * e_band), mesh.axis_names)',
                                    'psum(jax.lax.pcast(jnp.sum(weights * e_band), "basis", '
                                    'to="varying"), mesh.axis_names)')],
 'tlag_dreamer_replay_loader.py': [('frames.append(top_level_all_gather(batch, cfg.video_layout))',
                                    'frames.append(jax.reshard(batch, P("time", None)))')],
 'tlag_eqx_params_export_after_mesh.py': [('    state = tree_serialise(model)',
                                           '        state = tree_serialise(model)')],
 'tlag_gp_kernel_namedtuple_3axis.py': [('k_rows = top_level_all_gather(k, LAYOUTS.solve)',
                                         'k_rows = jax.reshard(k, P("pod", None))')],
 'tlag_pic_particles_shard_map.py': [('plot = top_level_all_gather(x_new, PHASE_SPACE["plot"])',
                                      'plot = jax.reshard(x_new, P("cell"))')],
 'tlag_prune_masks_reshard_metrics.py': [('top_level_all_gather(mask, P(None, "model"))',
                                          'top_level_all_gather(mask, P(None, "model", '
                                          'reduced={"fsdp"}))')],
 'tlag_rank_index_dict_device_put.py': [('exported[key] = top_level_all_gather(placed[key], '
                                         'EXPORT_SPECS[key])',
                                         'exported[key] = jax.reshard(placed[key], P("replica", '
                                         'None)) if key == "postings" else '
                                         'top_level_all_gather(placed[key], EXPORT_SPECS[key])')],
 'tlag_rvq_codebook_jit_init.py': [('top_level_all_gather(cb, P(None, None))',
                                    'top_level_all_gather(cb, P(None, None, '
                                    'reduced={"quantizer"}))')]}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
