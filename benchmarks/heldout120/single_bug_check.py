"""Each buggy program has one failing line: a hand-written minimal fix makes it run.

    python3 benchmarks/heldout120/single_bug_check.py

The fixes were written by hand from each bug, not from shardfix: a `pcast(..., to='varying')`
before the reduced gather of an invariant value, the axis or plan entry that was meant, the
local value passed on instead of the gathered one, `multi_dim=True`, a prefix or complete
`reduced=` spec, the export moved under the context mesh, and for the SF106 programs the
producer's gather changed to `to='invarying'` (with the out spec that no longer says reduced).
A program that still fails after its fix hides a second error: every fixed copy must also
pass its own assertions.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from single_bug import check_fixes  # noqa: E402

PC = "jax.lax.pcast"

FIXES = {
    # dqn_*
    'dqn_qvalue_monitor.py': [
        ('return jax.lax.all_gather(q, self.cfg.log_axis, axis=1, tiled=True, to="reduced")',
         f'return jax.lax.all_gather({PC}(q, self.cfg.log_axis, to="varying"), self.cfg.log_axis, axis=1, tiled=True, to="reduced")'),
    ],
    'dqn_replay_dump.py': [
        ('dumper = QDumper(mesh, tuple(mesh.axis_names))', 'dumper = QDumper(mesh, ("data",))'),
        ('out_specs=P(None, None, reduced=set(self.dump_axes)))', 'out_specs=P(None, None, reduced={"model", *self.dump_axes}))'),
    ],
    'dqn_double_target.py': [
        ('ceiling = jax.lax.pmax(full_target, self.action_axis).max(-1)',
         'ceiling = jax.lax.pmax(q_target, self.action_axis).max(-1)'),
    ],
    'dqn_checkpoint_export.py': [
        ('full = top_level_all_gather(value, EXPORT_SPECS[name])',
         'full = top_level_all_gather(value, EXPORT_SPECS[name], multi_dim=True)'),
    ],
    'dqn_loss_allreduce.py': [
        ('loss_axes = ("data", "model")', 'loss_axes = ("data",)'),
    ],
    'dqn_huber_loss.py': [
        ('q = jax.lax.all_gather(x @ w, cfg.action_axis, axis=1, tiled=True, to="reduced")',
         'q = jax.lax.all_gather(x @ w, cfg.action_axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("data", None, reduced={cfg.action_axis}))', 'out_specs=P("data", None))'),
    ],
    # ppo_*
    'ppo_advantage_history.py': [
        ('return jax.lax.all_gather(adv_mean, self.history_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(adv_mean, self.history_axis, to="varying"), self.history_axis, to="reduced")'),
    ],
    'ppo_logits_dump.py': [
        ('dump_axes: tuple = ("env", "policy")', 'dump_axes: tuple = ("env",)'),
        ('out_specs=P(None, None, reduced=set(cfg.dump_axes)))', 'out_specs=P(None, None, reduced={cfg.row_axis, *cfg.dump_axes}))'),
    ],
    'ppo_entropy_bonus.py': [
        ('bonus = c * jnp.mean(sharded_entropy(full, ax))', 'bonus = c * jnp.mean(sharded_entropy(local, ax))'),
    ],
    'ppo_policy_export.py': [
        ('\n    weights = to_host(params)\n', '\n        weights = to_host(params)\n'),
    ],
    'ppo_value_loss.py': [
        ('mean_axes: tuple = ("env", "policy")', 'mean_axes: tuple = ("env",)'),
    ],
    'ppo_clip_ratio.py': [
        ('full = jax.lax.all_gather(logits_local, self.action_axis, axis=1, tiled=True, to="reduced")',
         'full = jax.lax.all_gather(logits_local, self.action_axis, axis=1, tiled=True, to="invarying")'),
    ],
    # sac_*
    'sac_twin_q_log.py': [
        ('logged = jax.lax.all_gather(q_min, cfg.log_axis, to="reduced")',
         f'logged = jax.lax.all_gather({PC}(q_min, cfg.log_axis, to="varying"), cfg.log_axis, to="reduced")'),
    ],
    'sac_critic_dump.py': [
        ('"everything": ["critic", ("replica", "critic")],', '"everything": ["critic", "replica"],'),
    ],
    'sac_action_penalty.py': [
        ('jax.lax.psum(jnp.sum(jnp.abs(action), axis=-1), ax)', 'jax.lax.psum(jnp.sum(jnp.abs(local), axis=-1), ax)'),
    ],
    'sac_actor_export.py': [
        ('serve_spec = P("critic", None, reduced={"replica"})', 'serve_spec = P("replica", None, reduced={"critic"})'),
    ],
    'sac_temperature.py': [
        ('self.axes = axes or tuple(mesh.axis_names)', 'self.axes = axes or ("replica",)'),
    ],
    'sac_squashed_action.py': [
        ('mu = jax.lax.all_gather(o @ w, self.axis, axis=1, tiled=True, to="reduced")',
         'mu = jax.lax.all_gather(o @ w, self.axis, axis=1, tiled=True, to="invarying")'),
        ('out_specs=P("replica", None, reduced={self.axis}))', 'out_specs=P("replica", None))'),
    ],
    # a2c_*
    'a2c_value_monitor.py': [
        ('logs = [MONITORS[name](v) for name in self.monitors]',
         f'logs = [MONITORS[name]({PC}(v, "hidden", to="varying")) for name in self.monitors]'),
    ],
    'a2c_periodic_dump.py': [
        ('return ("worker", "hidden")', 'return "worker"'),
    ],
    'a2c_nstep_bootstrap.py': [
        ('boot = from_next_chunk(trace[:1], ax, self.n_chunks)', 'boot = from_next_chunk(v[:1], ax, self.n_chunks)'),
    ],
    'a2c_checkpoint.py': [
        ('return P(*([None] * len(spec)))', 'return P(*([None] * len(spec)), reduced={a for a in spec if a})'),
    ],
    'a2c_entropy_reg.py': [
        ('"reduce_axes": ("worker", "hidden"),', '"reduce_axes": ("worker",),'),
    ],
    'a2c_baseline.py': [
        ('v_all = jax.lax.all_gather(v, "worker", axis=0, tiled=True, to="reduced")',
         'v_all = jax.lax.all_gather(v, "worker", axis=0, tiled=True, to="invarying")'),
        ('out_specs=(P("worker"), P(None, reduced={"worker"})))', 'out_specs=(P("worker"), P(None)))'),
    ],
    # impala_*
    'impala_rho_stats.py': [
        ('return jax.lax.all_gather(x, self.gather_axis, to="reduced")',
         f'return jax.lax.all_gather({PC}(x, self.gather_axis, to="varying"), self.gather_axis, to="reduced")'),
    ],
    'impala_unroll_dump.py': [
        ('self.axes = tuple(mesh.axis_names)', 'self.axes = ("learner",)'),
        ('out_specs=P(None, None, reduced=set(self.axes)))', 'out_specs=P(None, None, reduced={"core", *self.axes}))'),
    ],
    'impala_time_major.py': [
        ('return layout.to_time_major(dist), dist', 'return layout.to_time_major(logits), dist'),
    ],
    'impala_publish.py': [
        ('"head": P("learner", "core")}', '"head": P(None, None, reduced={"learner"})}'),
    ],
    'impala_grad_scatter.py': [
        ('g = jax.lax.psum(h.T @ err, "core").reshape(-1)', 'g = (h.T @ err).reshape(-1)'),
    ],
    'impala_rho_clip.py': [
        ('log_rho = jax.lax.all_gather(t - b, cfg.time_axis, axis=0, tiled=True, to="reduced")',
         'log_rho = jax.lax.all_gather(t - b, cfg.time_axis, axis=0, tiled=True, to="invarying")'),
        ('spec = P(None, "learner", reduced={cfg.time_axis})', 'spec = P(None, "learner")'),
    ],
    # marl_*
    'marl_team_reward.py': [
        ('return team, jax.lax.all_gather(team, cfg["credit_axis"], to="reduced")',
         f'return team, jax.lax.all_gather({PC}(team, cfg["credit_axis"], to="varying"), cfg["credit_axis"], to="reduced")'),
    ],
    'marl_comm_dump.py': [
        ('recorder = MessageRecorder(mesh, mesh.axis_names)', 'recorder = MessageRecorder(mesh, ("agent",))'),
    ],
    'marl_ring_messages.py': [
        ('incoming = self.pass_right(everyone)', 'incoming = self.pass_right(e)'),
    ],
    'marl_policy_snapshot.py': [
        ('SNAPSHOT_SPEC = P(None, None, reduced={Axis.AGENT})', 'SNAPSHOT_SPEC = P(None, None, reduced={Axis.AGENT, Axis.FEAT})'),
    ],
    'marl_qmix.py': [
        ('self.axes = axes if axes is not None else mesh.axis_names', 'self.axes = axes if axes is not None else "agent"'),
    ],
    'marl_attention_critic.py': [
        ('keys = jax.lax.all_gather(o @ wk, "agent", axis=0, tiled=True, to="reduced")',
         'keys = jax.lax.all_gather(o @ wk, "agent", axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, reduced={"agent"}))', 'out_specs=P(None))'),
    ],
    # wm_*
    'wm_imagined_reward.py': [
        ('probe = jax.lax.all_gather(r, cfg.probe_axis, to="reduced")',
         f'probe = jax.lax.all_gather({PC}(r, cfg.probe_axis, to="varying"), cfg.probe_axis, to="reduced")'),
    ],
    'wm_state_dump.py': [
        ('snap = snapshot(mesh, tuple(mesh.axis_names),', 'snap = snapshot(mesh, ("seq",),'),
    ],
    'wm_sequence_energy.py': [
        ('energy = jax.lax.psum(jnp.sum(ctx * ctx), ax)', 'energy = jax.lax.psum(jnp.sum(emb * emb), ax)'),
    ],
    'wm_model_export.py': [
        ('return P("latent", None, reduced={"seq"})', 'return P("seq", None, reduced={"latent"})'),
    ],
    'wm_lambda_returns.py': [
        ('"scale_axes": ["seq", "latent"]', '"scale_axes": ["seq"]'),
    ],
    'wm_symlog_rewards.py': [
        ('seq = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="reduced")',
         'seq = jax.lax.all_gather(r, self.axis, axis=0, tiled=True, to="invarying")'),
        ('out_specs=P(None, None, reduced={self.axis}))', 'out_specs=P(None, None))'),
    ],
}

if __name__ == "__main__":
    sys.exit(check_fixes(HERE, FIXES))
