"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout157/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: the axis the code meant
(config entry, class attribute, axis tuple), a `pcast(..., to='varying')` before the gather
where the program's literal meaning is kept (SF101), the variable that was meant (the local
value instead of the gathered one), `reduced={...}`, `multi_dim=True`, a prefix layout or a
context mesh for `top_level_all_gather`, and for the SF106 programs the gather changed to
`to='invarying'` (with the out spec that no longer says reduced) or the arithmetic moved
before the gather. A program that still fails after its fix hides a second error: every fixed copy
must run.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

FIXES = {
    'fedavg_client_log.py': [
        ('LOG_CONFIG = {"reduce_axis": "clients", "log_axis": "model", "every": 1}',
         'LOG_CONFIG = {"reduce_axis": "clients", "log_axis": "clients", "every": 1}'),
    ],
    'fedavg_update_dump.py': [
        ('full = gather_updates(per_client, MESH_AXES, axis=1)',
         'full = gather_updates(per_client, self.model_axis, axis=1)'),
    ],
    'fedavg_weighted.py': [
        ('avg = weighted_psum(drift, counts, CLIENTS)',
         'avg = weighted_psum(weighted, counts, CLIENTS)'),
    ],
    'fedavg_export.py': [
        ('    export_spec = P(None)',
         '    export_spec = P(None, reduced={"model"})'),
    ],
    'fedavg_global_loss.py': [
        ('return jax.lax.psum(jnp.sum(per_client), self.axes) /',
         'return jax.lax.psum(jnp.sum(per_client), "clients") /'),
    ],
    'fedavg_server_momentum.py': [
        ('return jax.lax.all_gather(delta, "clients", axis=0, tiled=True, to="reduced")',
         'return jax.lax.all_gather(delta, "clients", axis=0, tiled=True, to="invarying")'),
    ],
    'dp_accountant_log.py': [
        ('        log = jax.lax.all_gather(clipped_norm, c, to="reduced")',
         '        log = jax.lax.all_gather(jax.lax.pcast(clipped_norm, c, to="varying"), c, to="reduced")'),
    ],
    'dp_clip_audit.py': [
        ('AUDIT = {"param_axis": "shard", "client_axes": ("clients", "shard"), "clip": 0.5}',
         'AUDIT = {"param_axis": "shard", "client_axes": ("clients",), "clip": 0.5}'),
    ],
    'dp_adaptive_clip.py': [
        ('return new_w, self.next_bound(all_norms), all_norms',
         'return new_w, self.next_bound(norm), all_norms'),
    ],
    'dp_heads_export.py': [
        ('        return np.asarray(top_level_all_gather(heads, SPECS["heads_host"]))',
         '        return np.asarray(top_level_all_gather(heads, SPECS["heads_host"], multi_dim=True))'),
    ],
    'dp_sensitivity.py': [
        ('        sens = jax.lax.psum(self.sq_norm(clipped), self.args.mesh_axes)',
         '        sens = jax.lax.psum(self.sq_norm(clipped), self.client_axis)'),
    ],
    'dp_local_noise.py': [
        ('        seen = jax.lax.all_gather(delta, "clients", axis=0, tiled=True, to="reduced")',
         '        seen = jax.lax.all_gather(delta, "clients", axis=0, tiled=True, to="invarying")'),
        ('            out_specs=(P("shard"), P(None, "shard", reduced={"clients"}))))',
         '            out_specs=(P("shard"), P(None, "shard"))))'),
    ],
    'secagg_mask_check.py': [
        ('    check_axis = "clients"',
         '    check_axis = "model"'),
    ],
    'secagg_transcript.py': [
        ('        self.vector_axes = mesh.axis_names',
         '        self.vector_axes = mesh.axis_names[1]'),
    ],
    'secagg_ring_shares.py': [
        ('        backup = self.forward_share(shares)',
         '        backup = self.forward_share(mask)'),
    ],
    'secagg_state_export.py': [
        ('    "per_feature": P("model", None, reduced={"clients"}),',
         '    "per_feature": P(None, "model", reduced={"clients"}),'),
    ],
    'secagg_norm_bound.py': [
        ('        self.reduce_axes = ("clients", "model")',
         '        self.reduce_axes = ("model",)'),
    ],
    'secagg_fair_share.py': [
        ('        shares = collect(upload, "clients") / self.num_clients',
         '        shares = collect(upload / self.num_clients, "clients")'),
    ],
    'scaffold_control_log.py': [
        ('AXES = {"clients": "clients", "params": "shard", "log": "clients"}',
         'AXES = {"clients": "clients", "params": "shard", "log": "shard"}'),
    ],
    'scaffold_variate_dump.py': [
        ('        return jax.lax.all_gather(full_rows, tuple(self.mesh.axis_names), axis=0, tiled=True,',
         '        return jax.lax.all_gather(full_rows, self.client_axis, axis=0, tiled=True,'),
    ],
    'scaffold_drift_metric.py': [
        ('        drift = jax.lax.psum(sq_dist(g, c), ALL_AXES) / jax.lax.psum(1, CLIENT_AXIS)',
         '        drift = jax.lax.psum(sq_dist(g, c), CLIENT_AXIS) / jax.lax.psum(1, CLIENT_AXIS)'),
    ],
    'scaffold_server_variate.py': [
        ('        return jax.lax.all_gather(ci, "clients", axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(ci, "clients", axis=0, tiled=True, to="invarying")'),
        ('                       P(None, "shard", reduced={"clients"}))))',
         '                       P(None, "shard"))))'),
    ],
    'scaffold_option_one.py': [
        ('        c = server_mean(variates)[0]',
         '        c = server_mean(g)[0]'),
    ],
    'scaffold_checkpoint.py': [
        ('    ckpt = strat.checkpoint(w, c)\n',
         '    with jax.set_mesh(mesh):\n        ckpt = strat.checkpoint(w, c)\n'),
    ],
    'fedadam_moment_log.py': [
        ('SERVER_CFG = argparse.Namespace(b1=0.9, b2=0.99, tau=1e-3, moment_log_axis="clients")',
         'SERVER_CFG = argparse.Namespace(b1=0.9, b2=0.99, tau=1e-3, moment_log_axis="model")'),
    ],
    'fedadam_sq_dump.py': [
        ('    dump_axes = ("model", "clients")',
         '    dump_axes = ("clients",)'),
    ],
    'fedadam_update_norm.py': [
        ('        mean_norm = jax.lax.pmean(norm, self.mesh.axis_names)',
         '        mean_norm = jax.lax.pmean(norm, "clients")'),
    ],
    'fedadam_influence.py': [
        ('        return jax.lax.all_gather(delta, "clients", axis=0, tiled=True, to="reduced")',
         '        return jax.lax.all_gather(delta, "clients", axis=0, tiled=True, to="invarying")'),
        ('            out_specs=(P("model"), P("model"), P("model"), P(None, "model", reduced={"clients"}))))',
         '            out_specs=(P("model"), P("model"), P("model"), P(None, "model"))))'),
    ],
    'fedadam_export.py': [
        ('    ns.host_spec = P(None)',
         '    ns.host_spec = P(None, reduced={"model"})'),
    ],
    'fedadam_guard.py': [
        ('        bound = REDUCERS["max"](jnp.abs(deltas))',
         '        bound = REDUCERS["max"](jnp.abs(delta))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
