"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout146/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axis the code meant
(the right config value), the right spec or a context mesh for `top_level_all_gather`, and for
the SF106 programs the producer's gather changed to `to='invarying'` (with the out spec that no
longer says reduced). A program that still fails after its fix hides a second error: every
fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # probe_*
    'probe_layer_sweep.py': [
        ('logged = jax.lax.all_gather(mu, CFG["log_axis"], to="reduced")',
         f'logged = jax.lax.all_gather({PC}(mu, CFG["log_axis"], to="varying"), CFG["log_axis"], to="reduced")'),
    ],
    'probe_confusion_dump.py': [
        ('return jax.lax.all_gather(x, DUMP_AXES, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(x, "hidden", to="varying"), DUMP_AXES, axis=0, tiled=True, to="reduced")'),
    ],
    'probe_token_dedup.py': [
        ('total = jax.lax.psum(n, TOK_AXIS)', f'total = jax.lax.psum({PC}(n, TOK_AXIS, to="varying"), TOK_AXIS)'),
    ],
    'probe_bank_export.py': [
        ('VIEW_SPEC = P("hidden", None, reduced={"batch"})', 'VIEW_SPEC = P(None, None, reduced={"batch", "hidden"})'),
    ],
    'probe_calibration.py': [
        ('losses = jax.vmap(lambda t: nll(z, y, t))(temps)\n    return jax.lax.pmean(losses, Axes.everything)',
         'losses = jax.vmap(lambda t: nll(z, y, t))(temps)\n    return jax.lax.pmean(losses, Axes.tokens)'),
    ],
    'probe_score_softmax.py': [
        ('return jax.lax.all_gather(s, axis_name, axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(s, axis_name, axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(None, None, reduced={"batch"}), P(None, None, reduced={"batch"})),',
         'out_specs=(P(None, None), P(None, None)),'),
    ],
    # pde_*
    'pde_column_integral.py': [
        ('panels = jax.lax.all_gather(col, STACK_FOR_PLOT, to="reduced")',
         f'panels = jax.lax.all_gather({PC}(col, STACK_FOR_PLOT, to="varying"), STACK_FOR_PLOT, to="reduced")'),
    ],
    'pde_slab_dump.py': [
        ('return jax.lax.all_gather(plane, slab_axes(SLAB["dims"]), axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(plane, AXIS_OF["z"], to="varying"), slab_axes(SLAB["dims"]), axis=0, '
         'tiled=True, to="reduced")'),
    ],
    'pde_halo_exchange.py': [
        ('face_flux = jax.lax.ppermute(face, HALO["face_axis"],',
         f'face_flux = jax.lax.ppermute({PC}(face, HALO["face_axis"], to="varying"), HALO["face_axis"],'),
    ],
    'pde_checkpoint.py': [
        ('    whole = write_checkpoint(u, steps)\n', '    with jax.set_mesh(MESH):\n        whole = write_checkpoint(u, steps)\n'),
    ],
    'pde_energy_budget.py': [
        ('return jax.lax.psum(jnp.sum(col), ALL_AXES)',
         f'return jax.lax.psum({PC}(jnp.sum(col), "pz", to="varying"), ALL_AXES)'),
    ],
    'pde_boundary_clip.py': [
        ('return jax.lax.all_gather(q, LINE_AXIS, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(q, LINE_AXIS, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("px", None, "pz", reduced={LINE_AXIS}),', 'out_specs=P("px", None, "pz"),'),
    ],
    # mc_*
    'mc_rhat.py': [
        ('trace = jax.lax.all_gather(mu, TracePlot.stack_axis, to="reduced")',
         f'trace = jax.lax.all_gather({PC}(mu, TracePlot.stack_axis, to="varying"), TracePlot.stack_axis, to="reduced")'),
    ],
    'mc_trace_dump.py': [
        ('return jax.lax.all_gather(flat, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(flat, "walker", to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'mc_autocorr.py': [
        ('return jax.lax.pmean(jnp.sum(x, axis=1), POOL) / x.shape[1]',
         f'return jax.lax.pmean({PC}(jnp.sum(x, axis=1), POOL, to="varying"), POOL) / x.shape[1]'),
    ],
    'mc_posterior_export.py': [
        ('return top_level_all_gather(theta, P("chain", None))',
         'return top_level_all_gather(theta, P("chain", None, reduced={"walker"}))'),
    ],
    'mc_acceptance.py': [
        ('return jax.lax.pmean(jnp.mean(frac), POOL_AXES)',
         f'return jax.lax.pmean({PC}(jnp.mean(frac), "walker", to="varying"), POOL_AXES)'),
    ],
    'mc_importance.py': [
        ('lw_all = jax.lax.all_gather(lw, WEIGHT_AXIS, axis=1, tiled=True, to="reduced")',
         'lw_all = jax.lax.all_gather(lw, WEIGHT_AXIS, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("chain", None, reduced={WEIGHT_AXIS}),', 'out_specs=P("chain", None),'),
    ],
    # emb_*
    'emb_centroid_log.py': [
        ('c_log = jax.lax.all_gather(c, LOG["axis"], to="reduced")',
         f'c_log = jax.lax.all_gather({PC}(c, LOG["axis"], to="varying"), LOG["axis"], to="reduced")'),
    ],
    'emb_index_dump.py': [
        ('return jax.lax.all_gather(v, INDEX["layout"], axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(v, "dim", to="varying"), INDEX["layout"], axis=0, tiled=True, to="reduced")'),
    ],
    'emb_topk_merge.py': [
        ('mass = jax.lax.psum(jnp.sum(full, axis=1), "docs")',
         f'mass = jax.lax.psum({PC}(jnp.sum(full, axis=1), "docs", to="varying"), "docs")'),
    ],
    'emb_shard_export.py': [
        ('return top_level_all_gather(e, spec)', 'return top_level_all_gather(e, spec, multi_dim=True)'),
    ],
    'emb_recall_at_k.py': [
        ('rate = jax.lax.pmean(jnp.mean(hits), EVAL_AXES)',
         f'rate = jax.lax.pmean({PC}(jnp.mean(hits), "dim", to="varying"), EVAL_AXES)'),
    ],
    'emb_dedup_mask.py': [
        ('return jax.lax.all_gather(e[:, 0], DUP["axis"], tiled=True, to="reduced")',
         'return jax.lax.all_gather(e[:, 0], DUP["axis"], tiled=True, to="invarying")'),
        ('out_specs=(P(None, reduced={"docs"}), P(None, reduced={"docs"})),', 'out_specs=(P(None), P(None)),'),
    ],
    # gp_*
    'gp_rowsum_log.py': [
        ('logged = jax.lax.all_gather(deg, LOG_OVER, to="reduced")',
         f'logged = jax.lax.all_gather({PC}(deg, LOG_OVER, to="varying"), LOG_OVER, to="reduced")'),
    ],
    'gp_kernel_dump.py': [
        ('heatmap = lambda c: jax.lax.all_gather(c, TILE_AXES, axis=1, tiled=True, to="reduced")',
         'heatmap = lambda c: jax.lax.all_gather(c, "col", axis=1, tiled=True, to="reduced")'),
    ],
    'gp_matvec_scatter.py': [
        ('back = jax.lax.psum_scatter(v_all, "col", scatter_dimension=0, tiled=True)',
         f'back = jax.lax.psum_scatter({PC}(v_all, "col", to="varying"), "col", scatter_dimension=0, tiled=True)'),
    ],
    'gp_hyper_export.py': [
        ('EXPORT = {"spec": P(None, None, reduced={"row", "col"}), "multi_dim": True}',
         'EXPORT = {"spec": P(None, None, reduced={"row"}), "multi_dim": True}'),
    ],
    'gp_marglik.py': [
        ('quad = jax.lax.psum(jnp.sum(k * a_col[None, :], axis=1), "col") * a_row',
         'quad = jnp.sum(k * a_col[None, :], axis=1) * a_row'),
    ],
    'gp_posterior_mean.py': [
        ('    m = jax.lax.psum(m, "col")\n    m_all = jax.lax.all_gather(m, "row", tiled=True, to="reduced")',
         '    m = jax.lax.psum(m, "col")\n    m_all = jax.lax.all_gather(m, "row", tiled=True, to="invarying")'),
        ('out_specs=(P(None, reduced={"row"}), P(None, reduced={"row"})),', 'out_specs=(P(None), P(None)),'),
    ],
    # topic_*
    'topic_vocab_freq.py': [
        ('share_log = jax.lax.all_gather(total, CFG.log_axis, to="reduced")',
         f'share_log = jax.lax.all_gather({PC}(total, CFG.log_axis, to="varying"), CFG.log_axis, to="reduced")'),
    ],
    'topic_doc_dump.py': [
        ('STAGES = [("doc", 0), (("vocab", "doc"), 1)]', 'STAGES = [("doc", 0), ("vocab", 1)]'),
    ],
    'topic_idf.py': [
        ('    p = all_docs(p)\n    df = doc_freq(p)', '    p_all = all_docs(p)\n    df = doc_freq(p)'),
    ],
    'topic_term_export.py': [
        ('"viewer": P(None, "vocab", reduced={"doc"}),', '"viewer": P(None, None, reduced={"doc"}),'),
    ],
    'topic_loglik_scatter.py': [
        ('owned = jax.lax.psum_scatter(block, SCATTER_AXES,',
         f'owned = jax.lax.psum_scatter({PC}(block, "vocab", to="varying"), SCATTER_AXES,'),
    ],
    'topic_log_share.py': [
        ('return jax.lax.all_gather(s, "vocab", axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(s, "vocab", axis=1, tiled=True, to="invarying")'),
        ('out_specs=(P("doc", None, reduced={"vocab"}), P("doc", None, reduced={"vocab"})),',
         'out_specs=(P("doc", None), P("doc", None)),'),
    ],
    # sweep_*
    'sweep_best_lr.py': [
        ('return jax.lax.all_gather(best, "data", to="reduced")',
         f'return jax.lax.all_gather({PC}(best, "data", to="varying"), "data", to="reduced")'),
    ],
    'sweep_curve_dump.py': [
        ('return jax.lax.all_gather(c, axes, axis=0, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(c, PLOT_BY, to="varying"), axes, axis=0, tiled=True, to="reduced")'),
    ],
    'sweep_grad_norm.py': [
        ('return jax.lax.all_gather(g, MONITOR["spread_over"], axis=0, tiled=True)',
         f'return jax.lax.all_gather({PC}(g, MONITOR["spread_over"], to="varying"), MONITOR["spread_over"], axis=0, tiled=True)'),
    ],
    'sweep_ckpt_export.py': [
        ('BY_LR_SPEC = P("lr", None, None, reduced={"seed"})', 'BY_LR_SPEC = P(None, "lr", None, reduced={"seed"})'),
    ],
    'sweep_mean_metric.py': [
        ('by_lr = over_seeds(acc)', f'by_lr = over_seeds({PC}(acc, "data", to="varying"))'),
    ],
    'sweep_loss_center.py': [
        ('return jax.lax.all_gather(l, COMPARE, axis=1, tiled=True, to="reduced")',
         'return jax.lax.all_gather(l, COMPARE, axis=1, tiled=True, to="invarying")'),
        ('out_specs=(P("seed", None, reduced={COMPARE}), P("seed", None, reduced={COMPARE})),',
         'out_specs=(P("seed", None), P("seed", None)),'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
