"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout149/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes the code meant
(the right config value or variable), the right `reduced=` axes, `multi_dim=True` or a context
mesh for `top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # heat_*
    'heat_zonal_flux.py': [
        ('profile = jax.lax.all_gather(zonal, DIAG_AXIS["zonal"], tiled=True, to="reduced")',
         'profile = jax.lax.all_gather(zonal, DIAG_AXIS["meridional"], tiled=True, to="reduced")'),
    ],
    'heat_halo_archive.py': [
        ('return jax.lax.all_gather(strip, self.archive_axes,',
         f'return jax.lax.all_gather({PC}(strip, self.strip_axis, to="varying"), self.archive_axes,'),
    ],
    'heat_column_content.py': [
        ('content = column_content(full_x, grid.dx)', 'content = column_content(t_new, grid.dx)'),
    ],
    'heat_restart.py': [
        ('"temperature": P(None, None, reduced={"px"}),', '"temperature": P(None, "py", reduced={"px"}),'),
    ],
    'heat_budget.py': [
        ('BUDGET_AXES = AXES', 'BUDGET_AXES = ("px",)'),
    ],
    'heat_anomaly_sections.py': [
        ('sections = jax.lax.all_gather(t_new, section_axis, axis=0, tiled=True, to="reduced")',
         'sections = jax.lax.all_gather(t_new, section_axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P(*AXES), P(None, "py", reduced={section_axis})))', 'out_specs=(P(*AXES), P(None, "py")))'),
    ],
    # sw_*
    'sw_band_maxima.py': [
        ('BAND_REDUCE = ("lat", "lon")', 'BAND_REDUCE = "lon"'),
    ],
    'sw_snapshot.py': [
        ('globe = collect(ring, SNAPSHOT["globe"], 0)',
         f'globe = collect({PC}(ring, "lon", to="varying"), SNAPSHOT["globe"], 0)'),
    ],
    'sw_polar_filter.py': [
        ('shifted = lon_neighbour(ring, parts)', 'shifted = full_ring(lon_neighbour(h_new, parts))'),
    ],
    'sw_netcdf_out.py': [
        ('    written = write_fields({"h": h, "h_anom": h - jnp.mean(h)})',
         '    with jax.set_mesh(mesh):\n        written = write_fields({"h": h, "h_anom": h - jnp.mean(h)})'),
    ],
    'sw_rossby.py': [
        ('GLOBAL = tuple(AXES)', 'GLOBAL = ("lat",)'),
    ],
    'sw_potential_vorticity.py': [
        ('zeta_ring = jax.lax.all_gather(zeta, "lon", axis=1, tiled=True, to="reduced")',
         'zeta_ring = jax.lax.all_gather(zeta, "lon", axis=1, tiled=True, to="invarying")'),
        ('depth_ring = jax.lax.all_gather(H0 + h, "lon", axis=1, tiled=True, to="reduced")',
         'depth_ring = jax.lax.all_gather(H0 + h, "lon", axis=1, tiled=True, to="invarying")'),
        ('P("lat", None, reduced={"lon"})))', 'P("lat", None)))'),
    ],
    # md_*
    'md_kinetic_log.py': [
        ('ke_log = jax.lax.all_gather(ke[None], LOG_AXIS,',
         f'ke_log = jax.lax.all_gather({PC}(ke[None], LOG_AXIS, to="varying"), LOG_AXIS,'),
    ],
    'md_replica_frames.py': [
        ('return jax.lax.all_gather(frame, self.all_axes,',
         f'return jax.lax.all_gather({PC}(frame, self.atom_axis, to="varying"), self.all_axes,'),
    ],
    'md_com_drift.py': [
        ('com = replica_sum(frame)', 'com = replica_sum(pos)'),
    ],
    'md_dcd_writer.py': [
        ('DCD_SPEC = P("atoms", None, None, reduced={"rep"})', 'DCD_SPEC = P(None, "atoms", None, reduced={"rep"})'),
    ],
    'md_pressure.py': [
        ('ENSEMBLE_AXES = AXES', 'ENSEMBLE_AXES = ("rep",)'),
    ],
    'md_berendsen.py': [
        ('v_all = jax.lax.all_gather(vel, "atoms", axis=1, tiled=True, to="reduced")',
         'v_all = jax.lax.all_gather(vel, "atoms", axis=1, tiled=True, to="invarying")'),
        ('P("rep", None, None, reduced={"atoms"})))', 'P("rep", None, None)))'),
    ],
    # les_*
    'les_mean_profile.py': [
        ('VERTICAL = AXES[0]', 'VERTICAL = AXES[2]'),
    ],
    'les_slab_output.py': [
        ('slab = assemble(column, "slab")', f'slab = assemble({PC}(column, "z", to="varying"), "slab")'),
    ],
    'les_smagorinsky.py': [
        ('col_shear = jax.lax.psum(jnp.sum(s, axis=2), "z")',
         f'col_shear = jax.lax.psum({PC}(jnp.sum(s, axis=2), "z", to="varying"), "z")'),
    ],
    'les_checkpoint.py': [
        ('"tau_w": P("x", "y", reduced={"z"})}', '"tau_w": P("x", "y")}'),
    ],
    'les_dissipation.py': [
        ('DOMAIN = AXES', 'DOMAIN = ("x", "y")'),
    ],
    'les_wall_stress.py': [
        ('column = jax.lax.all_gather(u, "z", axis=2, tiled=True, to="reduced")',
         'column = jax.lax.all_gather(u, "z", axis=2, tiled=True, to="invarying")'),
        ('P("x", "y", reduced={"z"})))', 'P("x", "y")))'),
    ],
    # adv_*
    'adv_ensemble_mean.py': [
        ('space_axis = "ens"', 'space_axis = "x"'),
    ],
    'adv_member_archive.py': [
        ('return q, track, gather_as(track, "archive")',
         f'return q, track, gather_as({PC}(track, "x", to="varying"), "archive")'),
    ],
    'adv_localise.py': [
        ('weighted = track * track', f'weighted = {PC}(track * track, "x", to="varying")'),
    ],
    'adv_state_export.py': [
        ('return P(None, *state_spec[1:])', 'return P(None, *state_spec[1:], reduced={state_spec[0]})'),
    ],
    'adv_mass.py': [
        ('ensemble_mean(mass, mesh.axis_names)', 'ensemble_mean(mass, "ens")'),
    ],
    'adv_positivity.py': [
        ('track = jax.lax.all_gather(q, "x", axis=1, tiled=True, to="reduced")',
         'track = jax.lax.all_gather(q, "x", axis=1, tiled=True, to="invarying")'),
        ('P("ens", None, reduced={"x"})))', 'P("ens", None)))'),
    ],
    # rad_*
    'rad_olr.py': [
        ('OLR_MAP = {"reduce": "lev", "collect": "lev"}', 'OLR_MAP = {"reduce": "lev", "collect": "col"}'),
    ],
    'rad_profile_archive.py': [
        ('return t, arch.archive(prof)', f'return t, arch.archive({PC}(prof, "lev", to="varying"))'),
    ],
    'rad_convective_adjustment.py': [
        ('delta_h = jax.lax.psum(jnp.sum(prof, axis=-1), "lev")', 'delta_h = jax.lax.psum(jnp.sum(t_new, axis=-1), "lev")'),
    ],
    'rad_history.py': [
        ('top_level_all_gather(t, HISTORY_SPEC)', 'top_level_all_gather(t, HISTORY_SPEC, multi_dim=True)'),
    ],
    'rad_toa_balance.py': [
        ('BALANCE_AXES = ("col", "lev")', 'BALANCE_AXES = ("col",)'),
    ],
    'rad_heating_rate.py': [
        ('profile = jax.lax.all_gather(cool, "lev", axis=2, tiled=True, to="reduced")',
         'profile = jax.lax.all_gather(cool, "lev", axis=2, tiled=True, to="invarying")'),
        ('P("ens", "col", None, reduced={"lev"})))', 'P("ens", "col", None)))'),
    ],
    # poisson_*
    'poisson_residual_log.py': [
        ('res_log = jax.lax.all_gather(jnp.sqrt(r2)[None], AXIS,',
         f'res_log = jax.lax.all_gather({PC}(jnp.sqrt(r2)[None], AXIS, to="varying"), AXIS,'),
    ],
    'poisson_coarse_mean.py': [
        ('total = jax.lax.psum(jnp.sum(full), AXIS)', 'total = jax.lax.psum(jnp.sum(p), AXIS)'),
    ],
    'poisson_solution_out.py': [
        ('return P(*(None for _ in spec))', 'return P(*(None for _ in spec), reduced={a for a in spec if a})'),
    ],
    'poisson_sor_view.py': [
        ('view = jax.lax.all_gather(p_j, AXIS, axis=0, tiled=True, to="reduced")',
         'view = jax.lax.all_gather(p_j, AXIS, axis=0, tiled=True, to="invarying")'),
        ('P(None, None, reduced={AXIS})))', 'P(None, None)))'),
    ],
    'poisson_tile_dump.py': [
        ('return p, gather_dump(gather_rows(p))', f'return p, gather_dump({PC}(gather_rows(p), "y", to="varying"))'),
    ],
    'poisson_compatibility.py': [
        ('return jax.lax.psum(jnp.sum(rows) * dx, ("x", "y"))', 'return jax.lax.psum(jnp.sum(rows) * dx, ("x",))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
