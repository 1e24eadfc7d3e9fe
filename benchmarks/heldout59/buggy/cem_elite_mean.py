"""Cross-entropy method planner: refit the sampling mean from the elite action sequences."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class CEMConfig:
    iterations: int = 2
    elite_frac: float = 0.25
    axes: tuple = ("env", "pop")


class CEMPlanner:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh
        self.env_axis, self.pop_axis = cfg.axes

    def _elite_sum(self, actions, returns, frac):
        thresh = jnp.quantile(returns, 1.0 - frac, axis=-1, keepdims=True)
        mask = (returns >= thresh).astype(actions.dtype)
        return jax.lax.psum((actions * mask[..., None]).sum(axis=1), self.pop_axis)

    def refit(self, actions, returns):
        means = []
        for it in range(self.cfg.iterations):
            elite = self._elite_sum(actions, returns, self.cfg.elite_frac / (it + 1))
            means.append(jax.lax.all_gather(elite, self.pop_axis, axis=0, tiled=True, to="reduced"))
        return means[-1]

    def plan(self, actions, returns):
        a_spec, r_spec = P(*self.cfg.axes, None), P(*self.cfg.axes)
        actions = jax.device_put(actions, NamedSharding(self.mesh, a_spec))
        returns = jax.device_put(returns, NamedSharding(self.mesh, r_spec))
        return jax.shard_map(self.refit, mesh=self.mesh, in_specs=(a_spec, r_spec),
                             out_specs=P(self.env_axis, None, reduced={self.pop_axis}))(actions, returns)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(4, 32, 6)).astype(np.float32),
            rng.normal(size=(4, 32)).astype(np.float32))


def main(actions, returns):
    cfg = CEMConfig()
    return CEMPlanner(cfg, jax.make_mesh((2, 4), cfg.axes)).plan(actions, returns)


if __name__ == "__main__":
    main(*inputs())
