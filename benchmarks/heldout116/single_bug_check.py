"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout116/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective, a prefix out spec / the right `reduced=` axis / a context mesh for
`top_level_all_gather`, and for the SF106 programs the producer's gather changed to
`to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # epi_*
    'epi_report.py': [
        ('return jax.lax.all_gather(per_strain, HOUSEHOLD_AXIS,',
         f'return jax.lax.all_gather({PC}(per_strain, HOUSEHOLD_AXIS, to="varying"), HOUSEHOLD_AXIS,'),
    ],
    'epi_strain_dump.py': [
        ('return jax.lax.all_gather(table, AXES, axis=0,',
         f'return jax.lax.all_gather({PC}(table, AXES[1], to="varying"), AXES, axis=0,'),
    ],
    'epi_peak.py': [
        ('worst = jax.lax.pmax(curves, WARD)',
         f'worst = jax.lax.pmax({PC}(curves, WARD, to="varying"), WARD)'),
    ],
    'epi_checkpoint.py': [
        ('"checkpoint": P("compartments", None, reduced={"agents"}),',
         '"checkpoint": P(None, "compartments", reduced={"agents"}),'),
    ],
    'epi_census.py': [
        ('total = jax.lax.psum(per_region, CONFIG["census"]["count_over"])',
         f'total = jax.lax.psum({PC}(per_region, agent_ax, to="varying"), CONFIG["census"]["count_over"])'),
    ],
    'epi_normalize.py': [
        ('everyone = jax.lax.all_gather(local_cases, "patches", axis=0, tiled=True, to="reduced")',
         'everyone = jax.lax.all_gather(local_cases, "patches", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, "days", reduced={"patches"}))(cases)', 'out_specs=P(None, "days"))(cases)'),
    ],
    # ecs_*
    'ecs_telemetry.py': [
        ('return jax.lax.all_gather(mean_vel, self.over,',
         f'return jax.lax.all_gather({PC}(mean_vel, self.over, to="varying"), self.over,'),
    ],
    'ecs_spatial_hash.py': [
        ('return jax.lax.all_gather(grid, mesh.axis_names,',
         f'return jax.lax.all_gather({PC}(grid, cell, to="varying"), mesh.axis_names,'),
    ],
    'ecs_collision.py': [
        ('ghost = jax.lax.ppermute(swarm, "swarm",',
         f'ghost = jax.lax.ppermute({PC}(swarm, "swarm", to="varying"), "swarm",'),
    ],
    'ecs_snapshot.py': [
        ('                sys_fn(store)\n    blob = save_game(store)',
         '                sys_fn(store)\n        blob = save_game(store)'),
    ],
    'ecs_energy.py': [
        ('return jax.lax.pmean(jnp.mean(e), DIAG_AXES)[None]',
         f'return jax.lax.pmean({PC}(jnp.mean(e), COMPONENT_AXIS, to="varying"), DIAG_AXES)[None]'),
    ],
    'ecs_cohesion.py': [
        ('flock = jax.lax.all_gather(p, "boids", axis=0, tiled=True, to="reduced")',
         'flock = jax.lax.all_gather(p, "boids", axis=0, tiled=True, to="invarying")'),
    ],
    # fsm_*
    'fsm_queue_report.py': [
        ('return jax.lax.all_gather(per_road, VEH,',
         f'return jax.lax.all_gather({PC}(per_road, VEH, to="varying"), VEH,'),
    ],
    'fsm_phase_table.py': [
        ('return jax.lax.all_gather(table, STATE_AXES[Phase.PUBLISH],',
         f'return jax.lax.all_gather({PC}(table, "junctions", to="varying"), STATE_AXES[Phase.PUBLISH],'),
    ],
    'fsm_platoon.py': [
        ('spread = jax.lax.all_to_all(leaders, LANES,',
         f'spread = jax.lax.all_to_all({PC}(leaders, LANES, to="varying"), LANES,'),
    ],
    'fsm_export.py': [
        ('return P(None, None, reduced={self.booth_axis})', 'return P(None, None, reduced={self.road_axis})'),
    ],
    'fsm_throughput.py': [
        ('jax.lax.psum_scatter(corridor_flow, self.reduce_axes,',
         f'jax.lax.psum_scatter({PC}(corridor_flow, det_ax, to="varying"), self.reduce_axes,'),
    ],
    'fsm_signal_softmax.py': [
        ('q_all = jax.lax.all_gather(queues, "approaches", axis=1, tiled=True, to="reduced")',
         'q_all = jax.lax.all_gather(queues, "approaches", axis=1, tiled=True, to="invarying")'),
        ('S.PLAN: P("intersections", None, reduced={"approaches"}),', 'S.PLAN: P("intersections", None),'),
    ],
    # mkt_*
    'mkt_price_feed.py': [
        ('return jax.lax.all_gather(mid, TRADERS,',
         f'return jax.lax.all_gather({PC}(mid, TRADERS, to="varying"), TRADERS,'),
    ],
    'mkt_order_book.py': [
        ('return jax.lax.all_gather(level_book, self.axes,',
         f'return jax.lax.all_gather({PC}(level_book, "levels", to="varying"), self.axes,'),
    ],
    'mkt_clearing.py': [
        ('price = jax.lax.pmean(book, pop)', f'price = jax.lax.pmean({PC}(book, pop, to="varying"), pop)'),
    ],
    'mkt_ledger.py': [
        ('LEDGER_SPEC = P(Axes.ASSETS, None, reduced={Axes.TRADERS})',
         'LEDGER_SPEC = P(Axes.TRADERS, None, reduced={Axes.ASSETS})'),
    ],
    'mkt_vwap.py': [
        ('return jax.lax.pmean(jnp.mean(per_trader), self.axes)[None]',
         f'return jax.lax.pmean({PC}(jnp.mean(per_trader), VENUE_AXIS, to="varying"), self.axes)[None]'),
    ],
    'mkt_volatility.py': [
        ('path = jax.lax.all_gather(path_block, "time", axis=0, tiled=True, to="reduced")',
         'path = jax.lax.all_gather(path_block, "time", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, "symbols", reduced={"time"}))', 'out_specs=P(None, "symbols"))'),
    ],
    # scene_*
    'scene_bounds.py': [
        ('return jax.lax.all_gather(hi, PARTICLES,',
         f'return jax.lax.all_gather({PC}(hi, PARTICLES, to="varying"), PARTICLES,'),
    ],
    'scene_lod.py': [
        ('return jax.lax.all_gather(v, self.gather_axes,',
         f'return jax.lax.all_gather({PC}(v, "verts", to="varying") if self.level > 1 else v, self.gather_axes,'),
    ],
    'scene_light.py': [
        ('total = jax.lax.psum(rad, "emitters")', f'total = jax.lax.psum({PC}(rad, "emitters", to="varying"), "emitters")'),
    ],
    'scene_export.py': [
        ('export_spec = P(None, None, reduced={"verts"})', 'export_spec = P(None, "attrs", reduced={"verts"})'),
    ],
    'scene_fog.py': [
        ('return jax.lax.pmean(jnp.mean(extinction), SETTINGS["fog"]["axes"])[None]',
         f'return jax.lax.pmean({PC}(jnp.mean(extinction), band, to="varying"), SETTINGS["fog"]["axes"])[None]'),
    ],
    'scene_fade.py': [
        ('depths = jax.lax.all_gather(d, "sprites", axis=0, tiled=True, to="reduced")',
         'depths = jax.lax.all_gather(d, "sprites", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, "views", reduced={"sprites"}))(depth)', 'out_specs=P(None, "views"))(depth)'),
    ],
    # eco_*
    'eco_census.py': [
        ('return jax.lax.all_gather(per_patch, eco.species_axis,',
         'return jax.lax.all_gather(per_patch, eco.patch_axis,'),
    ],
    'eco_habitat_map.py': [
        ('return jax.lax.all_gather(view, axes,',
         f'return jax.lax.all_gather({PC}(view, "cols", to="varying"), axes,'),
    ],
    'eco_migration.py': [
        ('incoming = jax.lax.ppermute(landscape[: density.shape[0]], axis,',
         f'incoming = jax.lax.ppermute({PC}(landscape[: density.shape[0]], axis, to="varying"), axis,'),
    ],
    'eco_snapshot.py': [
        ('SNAPSHOT = {"traits": P(None, Ax.TRAITS.value)}',
         'SNAPSHOT = {"traits": P(None, Ax.TRAITS.value, reduced={Ax.INDIVIDUALS.value})}'),
    ],
    'eco_biomass.py': [
        ('return jax.lax.psum_scatter(b, cfg.report_axes,',
         f'return jax.lax.psum_scatter({PC}(b, cfg.mesh_axes[1], to="varying"), cfg.report_axes,'),
    ],
    'eco_carrying.py': [
        ('region = jax.lax.all_gather(pop_block, "herds", axis=0, tiled=True, to="reduced")',
         'region = jax.lax.all_gather(pop_block, "herds", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, "regions", reduced={"herds"}))(pop)', 'out_specs=P(None, "regions"))(pop)'),
    ],
    # game_*
    'game_minimap.py': [
        ('return jax.lax.all_gather(team_total, UNITS,',
         f'return jax.lax.all_gather({PC}(team_total, UNITS, to="varying"), UNITS,'),
    ],
    'game_replay.py': [
        ('return jax.lax.all_gather(f, MATCH_AXES, axis=0,',
         f'return jax.lax.all_gather({PC}(f, AXES["channels"], to="varying"), MATCH_AXES, axis=0,'),
    ],
    'game_ai_director.py': [
        ('return jax.lax.psum_scatter(seen, SQUADS,', f'return jax.lax.psum_scatter({PC}(seen, SQUADS, to="varying"), SQUADS,'),
    ],
    'game_savegame.py': [
        ('    "buffs": P(None, "lanes", reduced={"units"}),', '    "buffs": P(None, None, reduced={"units"}),'),
    ],
    'game_damage.py': [
        ('balance = jax.lax.pmean(jnp.mean(per_unit), self.axes)',
         f'balance = jax.lax.pmean({PC}(jnp.mean(per_unit), self.axes[1], to="varying"), self.axes)'),
    ],
    'game_health_bar.py': [
        ('all_hp = jax.lax.all_gather(hp, "units", axis=0, tiled=True, to="reduced")',
         'all_hp = jax.lax.all_gather(hp, "units", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, "players", reduced={"units"}))(hp)', 'out_specs=P(None, "players"))(hp)'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
