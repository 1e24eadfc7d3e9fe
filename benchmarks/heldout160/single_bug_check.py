"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout160/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the collective where the program's literal meaning is kept, the axes or the value the
code meant (the right config entry or default argument), the right out spec or `reduced=` axes
for `top_level_all_gather` (or the call moved under a context mesh), and for most SF106
programs the producer's gather changed to `to='invarying'` (with an out spec that no longer
says reduced). A program that still fails after its fix hides a second error: every fixed copy
must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "lax.pcast"

FIXES = {
    # lm_*
    'lm_aux_log.py': [
        ('AUX = {"sum_over": "model", "curve_over": "model", "policy": "dots"}',
         'AUX = {"sum_over": "model", "curve_over": "data", "policy": "dots"}'),
    ],
    'lm_head_dump.py': [
        ('    return dump_rows(logits)', '    return dump_rows(logits, ("data",))'),
    ],
    'lm_kv_ring.py': [
        ('ATTN = {"kv_view": "reduced", "steps": N_RING}', 'ATTN = {"kv_view": "local", "steps": N_RING}'),
    ],
    'lm_ckpt_export.py': [
        ('    "w_out": P(None, None, None),', '    "w_out": P(None, None, None, reduced={"model"}),'),
    ],
    'lm_loss_sync.py': [
        ('SYNC = {"grads": "data", "metrics": AXES, "clip": 1.0, "lr": 0.05}',
         'SYNC = {"grads": "data", "metrics": "data", "clip": 1.0, "lr": 0.05}'),
    ],
    'lm_logit_temp.py': [
        ('return lax.all_gather(h @ w_vocab, "model", axis=1, tiled=True, to="reduced")',
         'return lax.all_gather(h @ w_vocab, "model", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"model"})))', 'out_specs=P("data", None)))'),
    ],
    # opt_*
    'opt_gnorm_log.py': [
        ('return lax.all_gather(jnp.sqrt(sq)[None], CLIP["log_axis"], tiled=True, to="reduced")',
         f'return lax.all_gather({PC}(jnp.sqrt(sq)[None], CLIP["log_axis"], to="varying"), CLIP["log_axis"], tiled=True, to="reduced")'),
    ],
    'opt_param_dump.py': [
        ('debug_dump(regather(stacked[-1]), AXES)', f'debug_dump({PC}(regather(stacked[-1]), "fsdp", to="varying"), AXES)'),
    ],
    'opt_zero_update.py': [
        ('    return reshard(full) - OPT["lr"] * g_shard', '    return w_shard - OPT["lr"] * g_shard'),
    ],
    'opt_state_export.py': [
        ('    host = to_host(state)\n', '    with jax.set_mesh(state[0].sharding.mesh):\n        host = to_host(state)\n'),
    ],
    'opt_loss_cond.py': [
        ('LOGGING = {"every": 2, "average_over": AXES}', 'LOGGING = {"every": 2, "average_over": "fsdp"}'),
    ],
    'opt_adam_full.py': [
        ('"eps": 1e-8, "gather_to": "reduced"}', '"eps": 1e-8, "gather_to": "invarying"}'),
    ],
    # ode_*
    'ode_energy_log.py': [
        ('return u, lax.all_gather(hist, HEAT["monitor_axis"], tiled=True, to="reduced")',
         f'return u, lax.all_gather({PC}(hist, HEAT["monitor_axis"], to="varying"), HEAT["monitor_axis"], tiled=True, to="reduced")'),
    ],
    'ode_snapshot.py': [
        ('MOVIE = {"row_axis": "y", "frame_axes": ("x", "y"), "c": 0.2}', 'MOVIE = {"row_axis": "y", "frame_axes": ("x",), "c": 0.2}'),
    ],
    'ode_halo_cache.py': [
        ('ADV = {"cfl": 0.4, "edge_view": "reduced"}', 'ADV = {"cfl": 0.4, "edge_view": "local"}'),
    ],
    'ode_field_export.py': [
        ('PLOT_LAYOUT = {"field": P("y", None, reduced={"x"}),', 'PLOT_LAYOUT = {"field": P("x", None, reduced={"y"}),'),
    ],
    'ode_mass_fix.py': [
        ('CONSERVE = {"target": 1.0, "column_axis": "x", "total_axes": AXES}',
         'CONSERVE = {"target": 1.0, "column_axis": "x", "total_axes": "y"}'),
    ],
    'ode_rk_switch.py': [
        ('PUSH = {"dt": 0.05, "method": "midpoint", "field_view": "reduced"}',
         'PUSH = {"dt": 0.05, "method": "midpoint", "field_view": "invarying"}'),
    ],
    # moe_*
    'moe_load_log.py': [
        ('load_curve = lax.all_gather(load, ROUTER["load_axis"], tiled=True, to="reduced")',
         'load_curve = lax.all_gather(jnp.sum(onehot, axis=0), ROUTER["load_axis"], tiled=True, to="reduced")'),
    ],
    'moe_expert_dump.py': [
        ('return lax.all_gather(per_expert["acts"][None], DUMP["table"],',
         f'return lax.all_gather({PC}(per_expert["acts"][None], DUMP["tokens"], to="varying"), DUMP["table"],'),
    ],
    'moe_a2a.py': [
        ('    def __init__(self, source="scored"):', '    def __init__(self, source="local"):'),
    ],
    'moe_expert_export.py': [
        ('"student": P("data", None, None, reduced={"expert"})}', '"student": P("expert", None, None)}'),
    ],
    'moe_balance.py': [
        ('owned = lax.psum_scatter(frac, BALANCE["owner_axes"],',
         f'owned = lax.psum_scatter({PC}(frac, "expert", to="varying"), BALANCE["owner_axes"],'),
    ],
    'moe_router_noise.py': [
        ('return lax.all_gather(x @ w_col, "expert", axis=1, tiled=True, to="reduced")',
         'return lax.all_gather(x @ w_col, "expert", axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={"expert"})))', 'out_specs=P("data", None)))'),
    ],
    # vae_*
    'vae_kl_log.py': [
        ('trace = lax.all_gather(kl, KL["collect_axis"], tiled=True, to="reduced")',
         f'trace = lax.all_gather({PC}(kl, KL["collect_axis"], to="varying"), KL["collect_axis"], tiled=True, to="reduced")'),
    ],
    'vae_sample_dump.py': [
        ('def figure(mu, eps, w_dec, grid_axes=("latent", "batch")):', 'def figure(mu, eps, w_dec, grid_axes=("latent",)):'),
    ],
    'vae_prior_scale.py': [
        ('PRIOR = {"policy": "dots", "codes": "reduced"}', 'PRIOR = {"policy": "dots", "codes": "invarying"}'),
    ],
    'vae_decoder_export.py': [
        ('SERVE = P(None, AXES[1], reduced={AXES[0]})', 'SERVE = P(None, AXES[0], reduced={AXES[1]})'),
    ],
    'vae_elbo_iwae.py': [
        ('IWAE = {"ll_axis": "latent", "avg_axes": ("batch", "latent")}', 'IWAE = {"ll_axis": "latent", "avg_axes": ("batch",)}'),
    ],
    'vae_pixel_clip.py': [
        ('PIXELS = {"eps": 1e-4, "view": "reduced"}', 'PIXELS = {"eps": 1e-4, "view": "invarying"}'),
        ('out_specs=P("batch", reduced={"latent"})))', 'out_specs=P("batch")))'),
    ],
    # gnn_*
    'gnn_msg_log.py': [
        ('return h, lax.all_gather(sums, MPNN["history_axis"],',
         f'return h, lax.all_gather({PC}(sums, MPNN["history_axis"], to="varying"), MPNN["history_axis"],'),
    ],
    'gnn_embed_dump.py': [
        ('    return index.table(index.rows(emb))', f'    return index.table({PC}(index.rows(emb), "feat", to="varying"))'),
    ],
    'gnn_norm_pmax.py': [
        ('NORM = {"scale": 1.0, "table_view": "reduced"}', 'NORM = {"scale": 1.0, "table_view": "invarying"}'),
    ],
    'gnn_param_export.py': [
        ('SERVE_SPECS = {"w": P(None, None, reduced={"feat"}), "b": P(None), "gain": P()}',
         'SERVE_SPECS = {"w": P(None, None, reduced={"feat"}), "b": P(None, reduced={"feat"}), "gain": P()}'),
    ],
    'gnn_degree_norm.py': [
        ('DEGREE = {"edge_axis": "graph", "total_axes": ("graph", "feat")}', 'DEGREE = {"edge_axis": "graph", "total_axes": ("feat",)}'),
    ],
    'gnn_readout.py': [
        ('READOUT = {"pool": "mean", "view": "reduced"}', 'READOUT = {"pool": "mean", "view": "invarying"}'),
        ('out_specs=P("feat", reduced={"graph"})))', 'out_specs=P("feat")))'),
    ],
    # rl_*
    'rl_return_log.py': [
        ('curve_point = lax.all_gather(mean_return[None], RETURNS["curve_axis"],',
         f'curve_point = lax.all_gather({PC}(mean_return[None], RETURNS["curve_axis"], to="varying"), RETURNS["curve_axis"],'),
    ],
    'rl_traj_dump.py': [
        ('VIEWER = {"table_axes": ("env", "model")}', 'VIEWER = {"table_axes": ("env",)}'),
    ],
    'rl_adv_norm.py': [
        ('GAE = {"gamma": 0.99, "lam": 0.95, "pool": "reduced"}', 'GAE = {"gamma": 0.99, "lam": 0.95, "pool": "invarying"}'),
    ],
    'rl_policy_export.py': [
        ('ACTOR_LAYOUT = {"w_pi": P(AXES[1], None, reduced={AXES[0]}), "b_pi": P()}',
         'ACTOR_LAYOUT = {"w_pi": P(AXES[0], None, reduced={AXES[1]}), "b_pi": P()}'),
    ],
    'rl_value_loss.py': [
        ('CRITIC = {"lr": 0.05, "pool_axes": ("env", "model")}', 'CRITIC = {"lr": 0.05, "pool_axes": ("env",)}'),
    ],
    'rl_entropy.py': [
        ('return lax.all_gather(obs @ w_pi, "model", axis=-1, tiled=True, to="reduced")',
         'return lax.all_gather(obs @ w_pi, "model", axis=-1, tiled=True, to="invarying")'),
        ('out_specs=P("env", reduced={"model"})))', 'out_specs=P("env")))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
