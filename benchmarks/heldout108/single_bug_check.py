"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout108/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site or in the typed helper), the right `reduced=` axis or
export layout, a `jax.set_mesh` context or `multi_dim=True` for `top_level_all_gather`, and for
the SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that no
longer says reduced). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {'dif_activation_stats.py': [('h = jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")',
                              'h = jax.lax.all_gather(jax.lax.pcast(h, SAMPLES, to="varying") if SAMPLES in '
                              'jax.typeof(h).mat.reduced else h, axes, axis=0, tiled=True, to="reduced")')],
 'dif_dynamic_threshold.py': [('s = jax.lax.pmax(jnp.abs(batch_x0), SAMPLES)',
                               's = jax.lax.pmax(jax.lax.pcast(jnp.abs(batch_x0), SAMPLES, to="varying"), '
                               'SAMPLES)')],
 'dif_ema_export.py': [('return P(*(None for _ in spec), reduced={SAMPLES})',
                        'return P(*(None for _ in spec), reduced={CHANNELS})')],
 'dif_guidance.py': [('both = jax.lax.all_gather(eps, SAMPLES, axis=0, tiled=True, to="reduced")',
                      'both = jax.lax.all_gather(eps, SAMPLES, axis=0, tiled=True, to="invarying")'),
                     ('out_specs=P(None, None, None, reduced={SAMPLES}))', 'out_specs=P(None, None, None))')],
 'dif_loss_by_timestep.py': [('return jax.lax.all_gather(out, axis, tiled=True, to="reduced")',
                              'return jax.lax.all_gather(jax.lax.pcast(out, axis, to="varying"), axis, '
                              'tiled=True, to="reduced")')],
 'dif_timestep_histogram.py': [('return jax.lax.psum_scatter(hist, (SAMPLES, CHANNELS),',
                                'return jax.lax.psum_scatter(jax.lax.pcast(hist, CHANNELS, to="varying"), '
                                '(SAMPLES, CHANNELS),')],
 'dp_batch_export.py': [('    with mesh:\n', '    with jax.set_mesh(mesh):\n')],
 'dp_causal_shift.py': [('halo = jax.lax.ppermute(full[:, :1], SEQ, perm)',
                         'halo = jax.lax.ppermute(tokens[:, :1], SEQ, perm)')],
 'dp_embedding_dump.py': [('return jax.lax.all_gather(x, self.axes, axis=0, tiled=True, to="reduced")',
                           'return jax.lax.all_gather(jax.lax.pcast(x, SEQ, to="varying"), self.axes, '
                           'axis=0, tiled=True, to="reduced")')],
 'dp_feature_standardize.py': [('return Standardize()(mean_pool(embed(tokens, table), tokens))',
                                'return Standardize(axes=(DATA,))(mean_pool(embed(tokens, table), tokens))')],
 'dp_length_buckets.py': [('return jax.lax.all_gather(lengths(tokens), DATA, tiled=True, to="reduced")',
                           'return jax.lax.all_gather(lengths(tokens), DATA, tiled=True, to="invarying")')],
 'dp_length_stats.py': [('return {k: jax.lax.all_gather(v, STATS_AXES[k], tiled=True, to="reduced") for k, v '
                         'in stats.items()}',
                         'return {k: jax.lax.all_gather(jax.lax.pcast(v, STATS_AXES[k], to="varying") if '
                         'STATS_AXES[k] == SEQ else v, STATS_AXES[k], tiled=True, to="reduced") for k, v in '
                         'stats.items()}')],
 'ev_accuracy_allreduce.py': [('everywhere = (EXAMPLES, VOCAB)', 'everywhere = (EXAMPLES,)')],
 'ev_class_mass.py': [('return jax.lax.psum_scatter(mass, VOCAB, scatter_dimension=0, tiled=True)',
                       'return jax.lax.psum_scatter(jax.lax.pcast(mass, VOCAB, to="varying"), VOCAB, '
                       'scatter_dimension=0, tiled=True)')],
 'ev_logit_dump.py': [('return jax.lax.all_gather(full, mesh_axes, axis=0,',
                       'return jax.lax.all_gather(jax.lax.pcast(full, VOCAB, to="varying"), mesh_axes, '
                       'axis=0,')],
 'ev_logit_export.py': [('return P(ex, None)', 'return P(ex, None, reduced={VOCAB})')],
 'ev_per_example_report.py': [('out[m.value] = jax.lax.all_gather(value, self.ROW_AXIS[m], tiled=True, '
                               'to="reduced")',
                               'out[m.value] = jax.lax.all_gather(jax.lax.pcast(value, VOCAB, to="varying") '
                               'if self.ROW_AXIS[m] == VOCAB else value, self.ROW_AXIS[m], tiled=True, '
                               'to="reduced")')],
 'ev_temperature_scaling.py': [('full = jax.lax.all_gather(logits, VOCAB, axis=1, tiled=True, to="reduced")',
                                'full = jax.lax.all_gather(logits, VOCAB, axis=1, tiled=True, '
                                'to="invarying")'),
                               ('out_specs=P(EXAMPLES, None, reduced={VOCAB}))',
                                'out_specs=P(EXAMPLES, None))')],
 'gnn_embedding_export.py': [('EXPORT: Final[ExportLayout] = ExportLayout.PER_FEAT_SHARD',
                              'EXPORT: Final[ExportLayout] = ExportLayout.PER_GRAPH_SHARD')],
 'gnn_energy_logger.py': [('return jax.lax.all_gather(value, self.axis.value,',
                           'return jax.lax.all_gather(jax.lax.pcast(value, self.axis.value, to="varying"), '
                           'self.axis.value,')],
 'gnn_energy_loss.py': [('return jax.lax.psum(sq, tuple(a.value for a in Axis)) / 8.0',
                         'return jax.lax.psum(jax.lax.pcast(sq, Axis.FEAT.value, to="varying"), '
                         'tuple(a.value for a in Axis)) / 8.0')],
 'gnn_feature_gate.py': [('h_all = jax.lax.all_gather(h, Axis.FEAT.value, axis=2, tiled=True, to="reduced")',
                          'h_all = jax.lax.all_gather(h, Axis.FEAT.value, axis=2, tiled=True, '
                          'to="invarying")'),
                         ('out_specs=P(Axis.GRAPHS.value, None, None, reduced={Axis.FEAT.value}))',
                          'out_specs=P(Axis.GRAPHS.value, None, None))')],
 'gnn_feature_relayout.py': [('h_nodes = to_node_split(h_full[:, :4])',
                              'h_nodes = to_node_split(jax.lax.pcast(h_full[:, :4], Axis.FEAT.value, '
                              'to="varying"))')],
 'gnn_node_dump.py': [('return jax.lax.all_gather(h, every, axis=0,',
                       'return jax.lax.all_gather(jax.lax.pcast(h, Axis.FEAT.value, to="varying"), every, '
                       'axis=0,')],
 'opt_clip_by_global_norm.py': [('return jax.lax.all_gather(v, MODEL, axis=v.ndim - 1, tiled=True, '
                                 'to="reduced")',
                                 'return jax.lax.all_gather(v, MODEL, axis=v.ndim - 1, tiled=True, '
                                 'to="invarying")')],
 'opt_decoupled_weight_decay.py': [('w_full = jax.lax.all_gather(w, MODEL, axis=1, tiled=True, to="reduced")',
                                    'w_full = jax.lax.all_gather(w, MODEL, axis=1, tiled=True, '
                                    'to="invarying")'),
                                   ('out_specs=(P(MODEL), P(None, None, reduced={MODEL}))))',
                                    'out_specs=(P(MODEL), P(None, None))))')],
 'opt_grad_snapshot.py': [('snaps = jax.tree.map(lambda v: snapshot(v), g)',
                           'snaps = jax.tree.map(lambda v: snapshot(jax.lax.pcast(v, DATA, to="varying")), '
                           'g)')],
 'opt_lamb_trust_ratio.py': [('ratio = jnp.sqrt(tree_sq_norm(p))',
                              'ratio = jnp.sqrt(tree_sq_norm(jax.tree.map(lambda v: jax.lax.pcast(v, DATA, '
                              'to="varying"), p)) / MESH[0][0])')],
 'opt_noise_scale_dump.py': [('return jax.lax.all_gather(g_w, MESH[1], to="reduced")',
                              'return jax.lax.all_gather(jax.lax.pcast(g_w, MODEL, to="varying"), MESH[1], '
                              'to="reduced")')],
 'opt_zero_export.py': [('mu_w = top_level_all_gather(state.mu.w, REPLICATED.w)',
                         'mu_w = top_level_all_gather(state.mu.w, REPLICATED.w, multi_dim=True)')],
 'rl_advantage_norm.py': [('mu = jax.lax.pmean(adv.mean(), axes)',
                           'adv = jax.lax.pcast(adv, AX.model, to="varying")\n'
                           '    mu = jax.lax.pmean(adv.mean(), axes)'),
                          ('out_specs=P(AX.actors))', 'out_specs=P((AX.actors, AX.model)))')],
 'rl_feature_dump.py': [('return jax.lax.all_gather(h, tuple(AX), axis=0,',
                         'return jax.lax.all_gather(jax.lax.pcast(h, AX.model, to="varying"), tuple(AX), '
                         'axis=0,')],
 'rl_policy_entropy.py': [('return jax.lax.all_gather(logits, AX.actors, axis=0, tiled=True, to="reduced")',
                           'return jax.lax.all_gather(logits, AX.actors, axis=0, tiled=True, '
                           'to="invarying")'),
                          ('out_specs=P(None, reduced={AX.actors}))', 'out_specs=P(None))')],
 'rl_policy_export.py': [('    params = train(mesh, obs, reward, params)\n    return export_policy(params)',
                          '    params = train(mesh, obs, reward, params)\n'
                          '    with jax.set_mesh(mesh):\n'
                          '        return export_policy(params)')],
 'rl_return_stats.py': [('return jax.tree.map(lambda v: jax.lax.all_gather(v, axis, to="reduced"), metrics)',
                         'return jax.tree.map(lambda v: jax.lax.all_gather(jax.lax.pcast(v, axis, '
                         'to="varying"), axis, to="reduced"), metrics)')],
 'rl_value_baseline.py': [('baseline = jax.lax.pmean(v_all, AX.actors).mean()',
                           'baseline = jax.lax.pmean(jax.lax.pcast(v_all, AX.actors, to="varying"), '
                           'AX.actors).mean()')],
 'tfm_activation_trace.py': [('return jax.lax.all_gather(value, axis, axis=dim, tiled=True, to="reduced")',
                              'return jax.lax.all_gather(jax.lax.pcast(value, axis, to="varying"), axis, '
                              'axis=dim, tiled=True, to="reduced")')],
 'tfm_checkpoint_export.py': [('w_in: P = P(None, None)\n', 'w_in: P = P(None, None, reduced={MODEL})\n')],
 'tfm_hidden_dump.py': [('return jax.lax.all_gather(hf, mesh_axes, axis=0,',
                         'return jax.lax.all_gather(jax.lax.pcast(hf, MODEL, to="varying"), mesh_axes, '
                         'axis=0,')],
 'tfm_hidden_rmsnorm.py': [('h_all = jax.lax.all_gather(h, MODEL, axis=2, tiled=True, to="reduced")',
                            'h_all = jax.lax.all_gather(h, MODEL, axis=2, tiled=True, to="invarying")'),
                           ('out_specs=P(BATCH, None, None, reduced={MODEL}))',
                            'out_specs=P(BATCH, None, None))')],
 'tfm_loss_allreduce.py': [('return jax.lax.pmean(local, axes)',
                            'return jax.lax.pmean(jax.lax.pcast(local, MODEL, to="varying"), axes)')],
 'tfm_softmax_normaliser.py': [('h_all = jax.lax.all_gather(h, MODEL, axis=2, tiled=True, to="reduced")\n'
                                '    e = jnp.exp(h_all)',
                                'h_all = jax.lax.all_gather(h, MODEL, axis=2, tiled=True, to="invarying")\n'
                                '    e = jnp.exp(h_all)')]}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
