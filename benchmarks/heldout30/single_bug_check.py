"""Each buggy program has one failing line: a hand-written minimal fix on that line makes it run.

    python3 benchmarks/heldout30/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix, and each changes only the
failing line: a `pcast(..., to='varying')` of the offending input on that line (before the
reduced gather, the collective, the tuple reduction, or the arithmetic with a reduced operand),
and `jax.reshard` in place of `top_level_all_gather` (with a `NamedSharding` where there is no
context mesh). A program that still fails after its fix would hide a second error behind the
first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # time-series forecasting
    'fc_quantile_loss_hooks.py': [
        ('all_gather(logs["loss"], trainer.series_axis, to="reduced")',
         f'all_gather({PC}(logs["loss"], trainer.series_axis, to="varying"), trainer.series_axis, to="reduced")'),
    ],
    'fc_nbeats_basis_gather.py': [
        ('return jax.lax.all_gather(pooled, (series_axis',
         f'return jax.lax.all_gather({PC}(pooled, horizon_axis, to="varying"), (series_axis'),
    ],
    'fc_mase_scale_callbacks.py': [
        ('jax.lax.pmax(ctx["scale"], ctx["axis"])',
         f'jax.lax.pmax({PC}(ctx["scale"], ctx["axis"], to="varying"), ctx["axis"])'),
    ],
    'fc_tlag_forecast_export.py': [
        ('top_level_all_gather(placed, state["layouts"]["serve"])',
         'jax.reshard(placed, state["layouts"]["serve"])'),
    ],
    'fc_coverage_interval_pipeline.py': [
        ('jax.lax.pmean(rate.mean(), AXES)',
         f'jax.lax.pmean({PC}(rate.mean(), AXES[1], to="varying"), AXES)'),
    ],
    'fc_seasonal_profile_decorator.py': [
        ('damped = DAMPING * profile', f'damped = DAMPING * {PC}(profile, "season", to="varying")'),
    ],
    # LLM evaluation harness
    'lmeval_acc_norm_registry.py': [
        ('all_gather(ll, self.vocab_axis,',
         f'all_gather({PC}(ll, self.vocab_axis, to="varying"), self.vocab_axis,'),
    ],
    'lmeval_rolling_perplexity.py': [
        ('all_gather(per_doc, (docs_axis',
         f'all_gather({PC}(per_doc, seq_axis, to="varying"), (docs_axis'),
    ],
    'lmeval_bootstrap_stderr.py': [
        ('total = jax.lax.psum(scores, EXAMPLES)',
         f'total = jax.lax.psum({PC}(scores, EXAMPLES, to="varying"), EXAMPLES)'),
    ],
    'lmeval_tlag_results_table.py': [
        ('return top_level_all_gather(placed, cfg.output_layout)',
         'return jax.reshard(placed, cfg.output_layout)'),
    ],
    'lmeval_fewshot_aggregations.py': [
        ('"mean": lambda x, axes: jax.lax.pmean(x, axes),',
         f'"mean": lambda x, axes: jax.lax.pmean({PC}(x, MODEL, to="varying"), axes),'),
    ],
    'lmeval_calibration_ece.py': [
        ('bins = jnp.floor(conf * self.n_bins)',
         f'bins = jnp.floor({PC}(conf, self.vocab_axis, to="varying") * self.n_bins)'),
    ],
    # genomics variant calling
    'vcall_depth_filter_cli.py': [
        ('all_gather(depth, args.reads_axis,',
         f'all_gather({PC}(depth, args.reads_axis, to="varying"), args.reads_axis,'),
    ],
    'vcall_genotype_likelihood_compose.py': [
        ('all_gather(gl, (SITES, SAMPLES)',
         f'all_gather({PC}(gl, SITES, to="varying"), (SITES, SAMPLES)'),
    ],
    'vcall_allele_freq_state.py': [
        ('jax.lax.pmean(state["af"], state["axis"])',
         f'jax.lax.pmean({PC}(state["af"], state["axis"], to="varying"), state["axis"])'),
    ],
    'vcall_tlag_vcf_records.py': [
        ('return top_level_all_gather(placed, P(None, None, reduced={"contigs"}))',
         'return jax.reshard(placed, NamedSharding(self.mesh, P(None, None)))'),
    ],
    'vcall_strand_bias_fori.py': [
        ('jax.lax.psum(skew.sum(), (SITES, READS))',
         f'jax.lax.psum({PC}(skew.sum(), READS, to="varying"), (SITES, READS))'),
    ],
    'vcall_phred_quality.py': [
        ('jnp.log10(pooled)', f'jnp.log10({PC}(pooled, axes["sample"], to="varying"))'),
    ],
    # topic models (LDA)
    'lda_topic_word_nested.py': [
        ('all_gather(total, docs_axis,', f'all_gather({PC}(total, docs_axis, to="varying"), docs_axis,'),
    ],
    'lda_online_vb_class.py': [
        ('all_gather(elog_theta, (self.docs_axis',
         f'all_gather({PC}(elog_theta, self.topics_axis, to="varying"), (self.docs_axis'),
    ],
    'lda_gibbs_sweeps_scan.py': [
        ('jax.lax.ppermute(theta, DOCS, ring)', f'jax.lax.ppermute({PC}(theta, DOCS, to="varying"), DOCS, ring)'),
    ],
    'lda_tlag_topic_export.py': [
        ('top_level_all_gather(placed, EXPORT_LAYOUTS[name])', 'jax.reshard(placed, EXPORT_LAYOUTS[name])'),
    ],
    'lda_coherence_decorator.py': [
        ('return jax.lax.pmean(value, axes)',
         f'return jax.lax.pmean({PC}(value, "topics", to="varying"), axes)'),
    ],
    'lda_alpha_update_hooks.py': [
        ('jnp.exp(mean_log)', f'jnp.exp({PC}(mean_log, self.topics_axis, to="varying"))'),
    ],
    # rating systems (Elo / Bradley-Terry / TrueSkill)
    'elo_league_table_partial.py': [
        ('all_gather(wins, axis_name=league.match_axis,',
         f'all_gather({PC}(wins, league.match_axis, to="varying"), axis_name=league.match_axis,'),
    ],
    'elo_bradley_terry_mm.py': [
        ('all_gather(per_player, (PLAYERS', f'all_gather({PC}(per_player, MATCHES, to="varying"), (PLAYERS'),
    ],
    'elo_trueskill_callbacks.py': [
        ('jax.lax.pmin(pooled["sigma"], AXIS)', f'jax.lax.pmin({PC}(pooled["sigma"], AXIS, to="varying"), AXIS)'),
    ],
    'elo_tlag_leaderboard.py': [
        ('return top_level_all_gather(new, P(mesh.axis_names[1:], None))',
         'return jax.reshard(new, P(mesh.axis_names[1:], None))'),
    ],
    'elo_expected_score_axes.py': [
        ('jax.lax.pmean(sq.mean(), axes)', f'jax.lax.pmean({PC}(sq.mean(), match_axis, to="varying"), axes)'),
    ],
    'elo_k_factor_state.py': [
        ('K_FACTOR * state["actual"]', f'K_FACTOR * {PC}(state["actual"], state["axis"], to="varying")'),
    ],
    # variational Monte Carlo
    'vmc_energy_trainer_hooks.py': [
        ('all_gather(out["energy"], tr.walker_axis,',
         f'all_gather({PC}(out["energy"], tr.walker_axis, to="varying"), tr.walker_axis,'),
    ],
    'vmc_slater_orbitals.py': [
        ('all_gather(full, (axes["walkers"]', f'all_gather({PC}(full, axes["orbitals"], to="varying"), (axes["walkers"]'),
    ],
    'vmc_metropolis_fori.py': [
        ('jax.lax.pmax(rates, WALKERS)', f'jax.lax.pmax({PC}(rates, WALKERS, to="varying"), WALKERS)'),
    ],
    'vmc_tlag_walker_checkpoint.py': [
        ('top_level_all_gather(placed, P(*cfg["checkpoint_layout"], reduced={"walkers"}))',
         'jax.reshard(placed, P(*cfg["checkpoint_layout"]))'),
    ],
    'vmc_mean_energy_partial.py': [
        ('global_sum(e_loc.sum())', f'global_sum({PC}(e_loc.sum(), AXES[1], to="varying"))'),
    ],
    'vmc_local_energy_clip.py': [
        ('jnp.clip(pooled,', f'jnp.clip({PC}(pooled, walker_axis, to="varying"),'),
    ],
    # MinHash-LSH deduplication
    'dedup_band_buckets_cli.py': [
        ('all_gather(occupancy, args.shard_axis,',
         f'all_gather({PC}(occupancy, args.shard_axis, to="varying"), args.shard_axis,'),
    ],
    'dedup_signature_registry.py': [
        ('all_gather(sig, (self.doc_axis', f'all_gather({PC}(sig, self.perm_axis, to="varying"), (self.doc_axis'),
    ],
    'dedup_jaccard_scatter.py': [
        ('psum_scatter(all_sigs.sum(axis=1), axis,',
         f'psum_scatter({PC}(all_sigs.sum(axis=1), axis, to="varying"), axis,'),
    ],
    'dedup_tlag_signature_store.py': [
        ('top_level_all_gather(placed, store_layout())', 'jax.reshard(placed, store_layout())'),
    ],
    'dedup_duplicate_rate_thresholds.py': [
        ('jax.lax.pmean(dup, MESH_AXES)', f'jax.lax.pmean({PC}(dup, bands_axis, to="varying"), MESH_AXES)'),
    ],
    'dedup_minhash_threshold.py': [
        ('keep = pooled < self.threshold', f'keep = {PC}(pooled, self.band_axis, to="varying") < self.threshold'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
