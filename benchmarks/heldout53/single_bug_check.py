"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout53/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')` on
the failing line (before the reduced gather, the collective or the tuple reduction), `jax.reshard`,
`multi_dim=True`, the missing `reduced=` axis or a context mesh for `top_level_all_gather`, and for
the SF106 programs the producer's gather changed to `to='invarying'`. A program that still fails
after its fix hides a second error behind the first.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PC = "jax.lax.pcast"

FIXES = {
    # lattice Boltzmann
    'lbm_column_mass_monitor.py': [
        ('all_gather(per_column, sx,', f'all_gather({PC}(per_column, sx, to="varying"), sx,'),
    ],
    'lbm_halo_reduced_gather.py': [
        ('all_gather(rows, (stream_axis, span_axis),',
         f'all_gather({PC}(rows, stream_axis, to="varying"), (stream_axis, span_axis),'),
    ],
    'lbm_streaming_shift.py': [
        ('ppermute(profile, self.axis,', f'ppermute({PC}(profile, self.axis, to="varying"), self.axis,'),
    ],
    'lbm_tlag_restart_dump.py': [
        ('return top_level_all_gather(f, DECOMPOSITION["writer"])', 'return jax.reshard(f, DECOMPOSITION["writer"])'),
    ],
    'lbm_momentum_flux.py': [
        ('psum(drag, cfg.lattice_axes)', f'psum({PC}(drag, cfg.stream_axis, to="varying"), cfg.lattice_axes)'),
    ],
    'lbm_velocity_normalise.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # power grid
    'grid_center_of_inertia.py': [
        ('all_gather(coi, mesh_axis,', f'all_gather({PC}(coi, mesh_axis, to="varying"), mesh_axis,'),
    ],
    'grid_mismatch_report.py': [
        ('all_gather(local, axes, axis=0,', f'all_gather({PC}(local, axes[1], to="varying"), axes, axis=0,'),
    ],
    'grid_voltage_excursion.py': [
        ('pmax(spread, self.limits.bus_axis)', f'pmax({PC}(spread, self.limits.bus_axis, to="varying"), self.limits.bus_axis)'),
    ],
    'grid_tlag_state_estimator.py': [
        ('scada: P = P(None, None, reduced={"bus"})', 'scada: P = P(None, None, reduced={"area", "bus"})'),
    ],
    'grid_tie_line_balance.py': [
        ('pmean(ace, axis_name=axes)', f'pmean({PC}(ace, bus_axis, to="varying"), axis_name=axes)'),
    ],
    'grid_voltage_clip.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # CSTR networks
    'cstr_heat_release_history.py': [
        ('all_gather(q, self.species_axis,', f'all_gather({PC}(q, self.species_axis, to="varying"), self.species_axis,'),
    ],
    'cstr_species_profile.py': [
        ('all_gather(by_species, (axes.species, axes.reactor)',
         f'all_gather({PC}(by_species, axes.species, to="varying"), (axes.species, axes.reactor)'),
    ],
    'cstr_selectivity_scatter.py': [
        ('psum_scatter(table, self.species_axis,',
         f'psum_scatter({PC}(table, self.species_axis, to="varying"), self.species_axis,'),
    ],
    'cstr_tlag_historian_export.py': [
        ('    temps = simulate(mesh, temps)\n    return historian_export(temps)\n',
         '    with jax.set_mesh(mesh):\n        temps = simulate(mesh, temps)\n        return historian_export(temps)\n'),
    ],
    'cstr_energy_balance.py': [
        ('psum(residual, MESH.axis_names)', f'psum({PC}(residual, "species", to="varying"), MESH.axis_names)'),
    ],
    'cstr_arrhenius_rates.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # phase field
    'phf_free_energy_trace.py': [
        ('all_gather(total, self.axes[0],', f'all_gather({PC}(total, self.axes[0], to="varying"), self.axes[0],'),
    ],
    'phf_interface_profile.py': [
        ('all_gather(along, self.axes,', f'all_gather({PC}(along, cols, to="varying"), self.axes,'),
    ],
    'phf_dendrite_tip_gather.py': [
        ('all_gather(column_solid, cfg["axis"],', f'all_gather({PC}(column_solid, cfg["axis"], to="varying"), cfg["axis"],'),
    ],
    'phf_tlag_microstructure_dump.py': [
        ('top_level_all_gather(phi, layout.postprocess())', 'top_level_all_gather(phi, layout.postprocess(), multi_dim=True)'),
    ],
    'phf_supercooling_scan.py': [
        ('pmean(undercool, params.axes)', f'pmean({PC}(undercool, params.axes[1], to="varying"), params.axes)'),
    ],
    'phf_solid_fraction.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # DEM
    'dem_granular_temperature.py': [
        ('all_gather(temp[None], axis_name=axis_name,',
         f'all_gather({PC}(temp[None], axis_name, to="varying"), axis_name=axis_name,'),
    ],
    'dem_contact_network.py': [
        ('all_gather(per_slab, axes, axis=1,', f'all_gather({PC}(per_slab, slab, to="varying"), axes, axis=1,'),
    ],
    'dem_packing_fraction.py': [
        ('pmean(filled, self.slab_axis)', f'pmean({PC}(filled, self.slab_axis, to="varying"), self.slab_axis)'),
    ],
    'dem_tlag_particle_output.py': [
        ('return top_level_all_gather(pos, WRITER)', 'return jax.reshard(pos, P("bin", None))'),
    ],
    'dem_stress_scatter.py': [
        ('psum_scatter(local, self.axes,', f'psum_scatter({PC}(local, self.axes[1], to="varying"), self.axes,'),
    ],
    'dem_wall_overlap.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # pipe networks
    'pipe_hardy_cross_demand.py': [
        ('all_gather(supplied, Axis.PIPE,', f'all_gather({PC}(supplied, Axis.PIPE, to="varying"), Axis.PIPE,'),
    ],
    'pipe_pressure_map.py': [
        ('all_gather(zone, tuple(cfg["order"]),', f'all_gather({PC}(zone, cfg["first"], to="varying"), tuple(cfg["order"]),'),
    ],
    'pipe_surge_characteristics.py': [
        ('all_to_all(table, self.params.pipe_axis,',
         f'all_to_all({PC}(table, self.params.pipe_axis, to="varying"), self.params.pipe_axis,'),
    ],
    'pipe_tlag_scada_export.py': [
        ('    exported = top_level_all_gather(levels, EXPORT)\n',
         '        exported = top_level_all_gather(levels, EXPORT)\n'),
    ],
    'pipe_zone_pressure_mean.py': [
        ('pmean(deficit, tuple(', f'pmean({PC}(deficit, "pipe", to="varying"), tuple('),
    ],
    'pipe_darcy_headloss.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
    # TCAD
    'tcad_iv_sweep.py': [
        ('all_gather(total, self.depth_axis,', f'all_gather({PC}(total, self.depth_axis, to="varying"), self.depth_axis,'),
    ],
    'tcad_doping_profile.py': [
        ('all_gather(rows, mesh.axis_names,', f'all_gather({PC}(rows, lateral, to="varying"), mesh.axis_names,'),
    ],
    'tcad_field_peak.py': [
        ('REDUCERS[cfg.reduce](field.sum(axis=1), cfg.depth_axis)',
         f'REDUCERS[cfg.reduce]({PC}(field.sum(axis=1), cfg.depth_axis, to="varying"), cfg.depth_axis)'),
    ],
    'tcad_tlag_carrier_export.py': [
        ('electrons=P(None, None, reduced={"depth"}),', 'electrons=P(None, None, reduced={"lateral", "depth"}),'),
    ],
    'tcad_poisson_residual.py': [
        ('pmean(self.residual(phi, doping), axis_name=self.axes)',
         f'pmean({PC}(self.residual(phi, doping), self.axes[0], to="varying"), axis_name=self.axes)'),
    ],
    'tcad_boltzmann_carriers.py': [
        ('tiled=True, to="reduced")', 'tiled=True, to="invarying")'),
    ],
}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    from single_bug import check_fixes

    sys.exit(check_fixes(HERE, FIXES))
