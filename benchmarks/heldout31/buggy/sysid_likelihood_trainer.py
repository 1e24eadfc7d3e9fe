"""System identification of a robot arm's friction parameters from randomized rollouts."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class SysIdConfig:
    episode_axis: str = "episode"
    param_axis: str = "param"
    ensemble_axis: str = "ensemble"
    noise_std: float = 0.02


class Callback:
    def on_likelihood(self, trainer, ll):
        return ll


class ShareLikelihood(Callback):
    def on_likelihood(self, trainer, ll):
        return jax.lax.all_gather(ll, trainer.cfg.episode_axis, to="reduced")


class SysIdTrainer:
    def __init__(self, cfg, callbacks=()):
        self.cfg = cfg
        self.callbacks = list(callbacks)

    def log_likelihood(self, pred, obs):
        resid = (pred - obs) / self.cfg.noise_std
        return jax.lax.psum(-0.5 * jnp.sum(resid * resid, axis=-1), self.cfg.episode_axis)

    def evaluate(self, pred, obs):
        ll = self.log_likelihood(pred, obs)
        for cb in self.callbacks:
            ll = cb.on_likelihood(self, ll)
        return ll


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("episode", "param", "ensemble"))
    pred = jnp.sin(jnp.arange(4 * 4 * 4 * 10, dtype=jnp.float32)).reshape(4, 4, 4, 10)
    obs = pred + 0.01
    s = NamedSharding(mesh, P("episode", "param", "ensemble", None))
    return mesh, jax.device_put(pred, s), jax.device_put(obs, s)


def main(mesh, pred, obs):
    trainer = SysIdTrainer(SysIdConfig(), callbacks=[ShareLikelihood()])
    spec = P("episode", "param", "ensemble", None)
    return jax.shard_map(trainer.evaluate, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, None, "param", "ensemble", reduced={"episode"}))(pred, obs)
