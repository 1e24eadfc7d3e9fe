"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout110/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
of the axes the value is invariant (SF101, SF105) or reduced (SF102, SF103) on, at the call
site or where a helper is called; the out spec the author meant for `top_level_all_gather`
(SF104); for SF106 the producer's gather changed to `to='invarying'` (and the out spec that no
longer says reduced). A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # column_*
    'column_heating_rate.py': [
        ("pcolnet = jax.lax.all_gather(colnet, ax_lev,",
         f"pcolnet = jax.lax.all_gather({PC}(colnet, ax_lev, to='varying'), ax_lev,"),
    ],
    'column_cloud_cover.py': [
        ("paclc_glob = gather_field(paclc_c, CAX, 2)",
         f"paclc_glob = gather_field({PC}(paclc_c, CAX[0], to='varying'), CAX, 2)"),
    ],
    'column_tracer_burden.py': [
        ("col = jax.lax.psum(jnp.sum(qfull, axis=1), LEVAX)",
         f"col = jax.lax.psum({PC}(jnp.sum(qfull, axis=1), LEVAX, to='varying'), LEVAX)"),
    ],
    'column_history_write.py': [
        ("full = top_level_all_gather(field, P(icol_ax, None))",
         "full = top_level_all_gather(field, P(icol_ax, None, reduced={ilev_ax}))"),
    ],
    'column_precip_mean.py': [
        ("return jax.lax.pmean(sfc, grid_axes)",
         f"return jax.lax.pmean({PC}(sfc, grid_axes[1], to='varying'), grid_axes)"),
    ],
    'column_surface_albedo.py': [
        ("alb_all = jax.lax.all_gather(alb, COLS, tiled=True, to='reduced')",
         "alb_all = jax.lax.all_gather(alb, COLS, tiled=True, to='invarying')"),
    ],
    # fe_*
    'fe_reaction_forces.py': [
        ("rhist = jax.lax.all_gather(rsum, el_ax, to='reduced')",
         f"rhist = jax.lax.all_gather({PC}(rsum, el_ax, to='varying'), el_ax, to='reduced')"),
    ],
    'fe_stiffness_snapshot.py': [
        ("allk = gather_block(rows, (ELEM, ENT), 0)",
         f"allk = gather_block({PC}(rows, ENT, to='varying'), (ELEM, ENT), 0)"),
    ],
    'fe_cg_solver.py': [
        ("rz = jax.lax.psum(jnp.sum(r * z), ROWS)",
         f"rz = jax.lax.psum({PC}(jnp.sum(r * z), ROWS, to='varying'), ROWS)"),
    ],
    'fe_displacement_vtk.py': [
        ("ug = top_level_all_gather(u, P(None, None, reduced={CMP_AX}))",
         "ug = top_level_all_gather(u, P(None, None, reduced={NODE_AX}))"),
    ],
    'fe_strain_energy.py': [
        ("tot = jax.lax.psum_scatter(ue, GAXES, tiled=True)",
         f"tot = jax.lax.psum_scatter({PC}(ue, GAXES[1], to='varying'), GAXES, tiled=True)"),
    ],
    'fe_von_mises.py': [
        ("ELAX, axis=1, tiled=True, to='reduced')", "ELAX, axis=1, tiled=True, to='invarying')"),
        ("out_specs=P(None, SAX, reduced={ELAX})", "out_specs=P(None, SAX)"),
    ],
    # heat2d_*
    'heat2d_residual_history.py': [
        ("hist = jax.lax.all_gather(colres, IAXIS, to='reduced')",
         f"hist = jax.lax.all_gather({PC}(colres, IAXIS, to='varying'), IAXIS, to='reduced')"),
    ],
    'heat2d_wall_flux.py': [
        ("qwall = gather_flux(qrow, (ROWS, COLS), 2)",
         f"qwall = gather_flux({PC}(qrow, ROWS, to='varying'), (ROWS, COLS), 2)"),
    ],
    'heat2d_dirichlet_halo.py': [
        ("ghost = jax.lax.ppermute(profile, CCOL,",
         f"ghost = jax.lax.ppermute({PC}(profile, CCOL, to='varying'), CCOL,"),
    ],
    'heat2d_plotfile.py': [
        ("tg = top_level_all_gather(t, P(AXJ, None, reduced={AXI}))",
         "tg = top_level_all_gather(t, P(AXI, None, reduced={AXJ}))"),
    ],
    'heat2d_energy_budget.py': [
        ("return jax.lax.psum(e, AXES)",
         f"return jax.lax.psum({PC}(e, AXES[1], to='varying'), AXES)"),
    ],
    'heat2d_mean_profile.py': [
        ("prof = jax.lax.all_gather(rowsum, XAX, tiled=True, to='reduced')",
         "prof = jax.lax.all_gather(rowsum, XAX, tiled=True, to='invarying')"),
        ("out_specs=P(None, reduced={XAX})", "out_specs=P(None)"),
    ],
    # lbm_*
    'lbm_drag_history.py': [
        ("hist = jax.lax.all_gather(fx_col, JAX_,",
         f"hist = jax.lax.all_gather({PC}(fx_col, JAX_, to='varying'), JAX_,"),
    ],
    'lbm_population_dump.py': [
        ("GATHER_PLAN = [(('py',), 3), (('px', 'py'), 2)]",
         "GATHER_PLAN = [(('py',), 3), (('px',), 2)]"),
    ],
    'lbm_inlet_profile.py': [
        ("qin = jax.lax.psum(jnp.sum(prof), YB)",
         f"qin = jax.lax.psum({PC}(jnp.sum(prof), YB, to='varying'), YB)"),
    ],
    'lbm_macro_output.py': [
        ("'uy': P(YA, None, reduced={XA}),", "'uy': P(XA, None, reduced={YA}),"),
    ],
    'lbm_mass_check.py': [
        ("m_tot = jax.lax.psum(m_out, (PGX, PGY))",
         f"m_tot = jax.lax.psum({PC}(m_out, PGX, to='varying'), (PGX, PGY))"),
    ],
    'lbm_equilibrium.py': [
        ("prof = jax.lax.all_gather(rho_row, AXY, axis=1, tiled=True, to='reduced')",
         "prof = jax.lax.all_gather(rho_row, AXY, axis=1, tiled=True, to='invarying')"),
        ("out_specs=(P(AXX, None, reduced={AXY}), P(AXX))", "out_specs=(P(AXX, None), P(AXX))"),
    ],
    # mc_*
    'mc_flux_tally.py': [
        ("phi_batches = jax.lax.all_gather(phi, IHIST, to='reduced')",
         f"phi_batches = jax.lax.all_gather({PC}(phi, IHIST, to='varying'), IHIST, to='reduced')"),
    ],
    'mc_batch_statistics.py': [
        ("every = jax.lax.all_gather(grp_all, tuple(MCAXES),",
         f"every = jax.lax.all_gather({PC}(grp_all, MCAXES[1], to='varying'), tuple(MCAXES),"),
    ],
    'mc_fission_source.py': [
        ("snew = jax.lax.psum_scatter(shape, HAX, tiled=True)",
         f"snew = jax.lax.psum_scatter({PC}(shape, HAX, to='varying'), HAX, tiled=True)"),
    ],
    'mc_tally_dump.py': [
        ("zones = top_level_all_gather(tal, P(SOCK, CORE, reduced={NODE}))",
         "zones = top_level_all_gather(tal, P(NODE, CORE, reduced={SOCK}))"),
    ],
    'mc_keff_estimator.py': [
        ("src = jax.lax.psum(src, (AXH, AXG))",
         f"src = jax.lax.psum({PC}(src, AXG, to='varying'), (AXH, AXG))"),
    ],
    'mc_relative_error.py': [
        ("AX_HIST, axis=1, tiled=True, to='reduced')", "AX_HIST, axis=1, tiled=True, to='invarying')"),
    ],
    # scf_*
    'scf_mulliken_log.py': [
        ("pop_all = jax.lax.all_gather(q, MO, tiled=True, to='reduced')",
         f"pop_all = jax.lax.all_gather({PC}(q, MO, to='varying'), MO, tiled=True, to='reduced')"),
    ],
    'scf_orbital_table.py': [
        ("full = jax.lax.all_gather(cols, AXES,",
         f"full = jax.lax.all_gather({PC}(cols, AXES[1], to='varying'), AXES,"),
    ],
    'scf_diis_error.py': [
        ("emax = jax.lax.pmax(jnp.abs(errmat), ROW)",
         f"emax = jax.lax.pmax({PC}(jnp.abs(errmat), ROW, to='varying'), ROW)"),
    ],
    'scf_checkpoint.py': [
        ("Cg = top_level_all_gather(C, P(None, None, reduced={BASIS_AX, ORB_AX}))",
         "Cg = top_level_all_gather(C, P(None, None, reduced={BASIS_AX, ORB_AX}), multi_dim=True)"),
    ],
    'scf_total_energy.py': [
        ("e_el = 0.5 * jax.lax.psum(jnp.sum(r), GRIDAX)",
         f"e_el = 0.5 * jax.lax.psum({PC}(jnp.sum(r), GRIDAX[1], to='varying'), GRIDAX)"),
    ],
    'scf_level_shift.py': [
        ("d = jax.lax.all_gather(fmo_diag, AX_MO, axis=1, tiled=True, to='reduced')",
         "d = jax.lax.all_gather(fmo_diag, AX_MO, axis=1, tiled=True, to='invarying')"),
        ("out_specs=P(None, None, reduced={AX_MO})", "out_specs=P(None, None)"),
    ],
    # spectral_*
    'spectral_energy_spectrum.py': [
        ("Ek_copies = jax.lax.all_gather(Ek, ky_ax, to='reduced')",
         f"Ek_copies = jax.lax.all_gather({PC}(Ek, ky_ax, to='varying'), ky_ax, to='reduced')"),
    ],
    'spectral_mode_table.py': [
        ("full = jax.lax.all_gather(colblk, (KAXES['y'], KAXES['x']),",
         f"full = jax.lax.all_gather({PC}(colblk, KAXES['x'], to='varying'), (KAXES['y'], KAXES['x']),"),
    ],
    'spectral_transpose_fft.py': [
        ("m_t = jax.lax.all_to_all(mfull, SLAB, 1, 0, tiled=True)",
         f"m_t = jax.lax.all_to_all({PC}(mfull, SLAB, to='varying'), SLAB, 1, 0, tiled=True)"),
    ],
    'spectral_field_output.py': [
        ("SNAPS[it] = top_level_all_gather(w, P(None, None))",
         "SNAPS[it] = top_level_all_gather(w, P(None, None, reduced={XS}))"),
    ],
    'spectral_cfl_number.py': [
        ("return jax.lax.pmean(cfl_loc, MESH.axis_names)",
         f"return jax.lax.pmean({PC}(cfl_loc, 'py', to='varying'), MESH.axis_names)"),
    ],
    'spectral_hyperviscosity.py': [
        ("s_all = jax.lax.all_gather(spec, KAX, axis=0, tiled=True, to='reduced')",
         "s_all = jax.lax.all_gather(spec, KAX, axis=0, tiled=True, to='invarying')"),
        ("out_specs=P(None, CAX, reduced={KAX})", "out_specs=P(None, CAX)"),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
