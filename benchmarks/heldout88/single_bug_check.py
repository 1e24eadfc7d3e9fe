"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout88/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective (at the call site when the failing line is a shared helper that an earlier
call uses legally, e.g. the pasted dist_utils `gather_reduced` / `all_reduce`), `jax.reshard`, a
context mesh or the missing `reduced=` axis for `top_level_all_gather`, and for the SF106
programs the producer's gather changed to `to='invarying'` (with the out spec that no longer
says reduced). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # heat_*
    'heat_sweep_loss.py': [
        ('table = jax.lax.all_gather(per_alpha,',
         f'table = jax.lax.all_gather({PC}(per_alpha, table_axis, to="varying"),'),
    ],
    'heat_boundary_snapshot.py': [
        ('return jax.lax.all_gather(by_alpha, self.axes,',
         f'return jax.lax.all_gather({PC}(by_alpha, self.axes[-1], to="varying"), self.axes,'),
    ],
    'heat_causal_weights.py': [
        ('REDUCERS[self.normalise](weights,',
         f'REDUCERS[self.normalise]({PC}(weights, self.chunk_axis, to="varying"),'),
    ],
    'heat_export_solution.py': [
        ('return top_level_all_gather(u, spec_from(cfg.export.gather_to))',
         'return jax.reshard(u, spec_from(cfg.export.gather_to))'),
    ],
    'heat_sweep_normaliser.py': [
        ('scale = normalise(jnp.mean(per_point))',
         f'scale = normalise({PC}(jnp.mean(per_point), sum_over, to="varying"))'),
    ],
    'heat_initial_condition.py': [
        ('u0 = gather_reduced(self.predict(params, x), self.gather_axis)',
         'u0 = jax.lax.all_gather(self.predict(params, x), self.gather_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={colloc}))(x0)', 'out_specs=P())(x0)'),
    ],
    # burgers_*
    'burgers_ensemble_spread.py': [
        ('return gather_reduced(member_loss, self.axis)',
         f'return gather_reduced({PC}(member_loss, self.axis, to="varying"), self.axis)'),
    ],
    'burgers_member_snapshot.py': [
        ('stacked = gather_reduced(per_member,',
         f'stacked = gather_reduced({PC}(per_member, self.batch, to="varying"),'),
    ],
    'burgers_rar_resample.py': [
        ('return self.redistribute(ranked)',
         f'return self.redistribute({PC}(ranked, self.score_axis, to="varying"))'),
    ],
    'burgers_checkpoint_export.py': [
        ('return spec_from(layout, reduced=self.reduced if layout.count(",") == 2 else ())',
         'return spec_from(layout, reduced=self.reduced)'),
    ],
    'burgers_adaptive_weights.py': [
        ('mean_norm = jax.lax.pmean(sum(norms.values()) / len(norms), self.axes)',
         f'mean_norm = jax.lax.pmean({PC}(sum(norms.values()) / len(norms), self.point_axis, to="varying"), self.axes)'),
    ],
    'burgers_shock_indicator.py': [
        ('slope = gather_reduced(self.slopes(params, tx), self.axis, dim=1)',
         'slope = jax.lax.all_gather(self.slopes(params, tx), self.axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(ens, None, reduced={batch}))', 'out_specs=P(ens, None))'),
    ],
    # poisson_*
    'poisson_interface_flux.py': [
        ('shared = jax.lax.all_gather(flux,',
         f'shared = jax.lax.all_gather({PC}(flux, self.rows, to="varying"),'),
    ],
    'poisson_tile_dump.py': [
        ('return jax.lax.all_gather(strip, order,',
         f'return jax.lax.all_gather({PC}(strip, cfg.decomp.cols, to="varying"), order,'),
    ],
    'poisson_neumann_exchange.py': [
        ('return jax.lax.ppermute(edge,',
         f'return jax.lax.ppermute({PC}(edge, self.axis, to="varying"),'),
    ],
    'poisson_solution_export.py': [
        ('    return write_solution(u, cfg), loss',
         '    with jax.set_mesh(mesh):\n        return write_solution(u, cfg), loss'),
    ],
    'poisson_source_balance.py': [
        ('total = all_reduce(jnp.sum(column ** 2),',
         f'total = all_reduce({PC}(jnp.sum(column ** 2), self.cols, to="varying"),'),
    ],
    'poisson_boundary_penalty.py': [
        ('wall = gather_reduced(jnp.square(u_edge), self.axis)',
         'wall = jax.lax.all_gather(jnp.square(u_edge), self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(rows, reduced={cols}))(grid)', 'out_specs=P(rows))(grid)'),
    ],
    # wave_*
    'wave_energy_history.py': [
        ('return jax.lax.all_gather(per_slab,',
         f'return jax.lax.all_gather({PC}(per_slab, self.axes.space, to="varying"),'),
    ],
    'wave_gather_plan.py': [
        ('            u = jax.lax.all_gather(u, axes,',
         f'            u = jax.lax.all_gather({PC}(u, s, to="varying") if len(axes) > 1 else u, axes,'),
    ],
    'wave_causal_weights.py': [
        ('seen = jax.lax.psum(history, axis)',
         f'seen = jax.lax.psum({PC}(history, axis, to="varying"), axis)'),
    ],
    'wave_snapshot_writer.py': [
        ('return top_level_all_gather(u, self.layout)', 'return jax.reshard(u, self.layout)'),
    ],
    'wave_speed_calibration.py': [
        ('return jax.lax.pmean(estimate.mean(), axis_name=self.axes)',
         f'return jax.lax.pmean({PC}(estimate.mean(), self.axes.time, to="varying"), axis_name=self.axes)'),
    ],
    'wave_damping_term.py': [
        ('return gather_reduced(u_t, self.space, dim=1)',
         'return jax.lax.all_gather(u_t, self.space, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P(t, None, reduced={s}))', 'out_specs=P(t, None))'),
    ],
    # ns_*
    'ns_divergence_log.py': [
        ('return jax.lax.all_gather(div, self.axis,',
         f'return jax.lax.all_gather({PC}(div, self.axis, to="varying"), self.axis,'),
    ],
    'ns_velocity_field.py': [
        ('out = jax.tree.map(lambda f: gather_reduced(f, pts), out)',
         f'out = jax.tree.map(lambda f: {PC}(gather_reduced(f, pts), pts, to="varying"), out)'),
    ],
    'ns_wall_redistribute.py': [
        ('return self.exchange(wall)', f'return self.exchange({PC}(wall, self.axis, to="varying"))'),
    ],
    'ns_legacy_export.py': [
        ('    with mesh:\n        yield mesh', '    with jax.set_mesh(mesh):\n        yield mesh'),
    ],
    'ns_momentum_scatter.py': [
        ('penalty = jnp.outer(div, div)', f'penalty = {PC}(jnp.outer(div, div), self.head, to="varying")'),
    ],
    'ns_velocity_clip.py': [
        ('vel = gather_reduced(channel_net(params, xy), self.axis)',
         'vel = jax.lax.all_gather(channel_net(params, xy), self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, head, reduced={pts}))', 'out_specs=P(None, head))'),
    ],
    # ac_*
    'ac_residual_monitor.py': [
        ('return jax.lax.all_gather(res ** 2, self.axis,',
         f'return jax.lax.all_gather({PC}(res ** 2, self.axis, to="varying"), self.axis,'),
    ],
    'ac_hidden_dump.py': [
        ('return jax.lax.all_gather(per_point, dump_axes,',
         f'return jax.lax.all_gather({PC}(per_point, model, to="varying"), dump_axes,'),
    ],
    'ac_rar_peak.py': [
        ('return self._peak(scores)', f'return self._peak({PC}(scores, self.point_axis, to="varying"))'),
    ],
    'ac_solution_dump.py': [
        ('    reduce: list = dataclasses.field', '    reduced: list = dataclasses.field'),
    ],
    'ac_mass_conservation.py': [
        ('return total + jax.lax.psum(u.sum(), mass_axes), None',
         f'return total + jax.lax.psum({PC}(u.sum(), model, to="varying"), mass_axes), None'),
    ],
    'ac_reaction_term.py': [
        ('u_all = gather_reduced(u, data)',
         'u_all = jax.lax.all_gather(u, data, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(reduced={data}))(params, tx)', 'out_specs=P())(params, tx)'),
    ],
    # helm_*
    'helm_ntk_weights.py': [
        ('return jax.lax.all_gather(trace, self.history_axis,',
         f'return jax.lax.all_gather({PC}(trace, self.history_axis, to="varying"), self.history_axis,'),
    ],
    'helm_field_stages.py': [
        ('        for stage in stages:\n            out = stage(out)',
         f'        for i, stage in enumerate(stages):\n            out = stage({PC}(out, tp, to="varying") if i else out)'),
    ],
    'helm_adaptive_lambda.py': [
        ('"bc": gather_reduced(wall ** 2, self.point_axis)}',
         f'"bc": {PC}(gather_reduced(wall ** 2, self.point_axis), self.point_axis, to="varying")}}'),
    ],
    'helm_solution_writer.py': [
        ('return top_level_all_gather(u, spec_from(self.gathered))',
         'return jax.reshard(u, spec_from(self.gathered))'),
    ],
    'helm_wavenumber_balance.py': [
        ('return jax.lax.pmean(per_point.mean(), self.mesh.axis_names)',
         f'return jax.lax.pmean({PC}(per_point.mean(), self.wavenumber_axis, to="varying"), self.mesh.axis_names)'),
    ],
    'helm_attention_weights.py': [
        ('return gather_reduced(jnp.abs(residuals(params, xy, ks)), self.point_axis)',
         'return jax.lax.all_gather(jnp.abs(residuals(params, xy, ks)), self.point_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, tp, reduced={dp}))', 'out_specs=P(None, tp))'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
