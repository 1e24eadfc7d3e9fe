"""Levenberg-Marquardt for bundle adjustment: observation rows x camera parameter blocks."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SolverConfig:
    obs_axis: str = "obs"
    cam_axis: str = "cam"
    damping: float = 1e-3


def normal_equations(J, r, cfg=SolverConfig()):
    H = jax.lax.psum(J.T @ J, cfg.obs_axis)
    g = jax.lax.psum(J.T @ r, cfg.obs_axis)
    return H, g


class LevenbergMarquardt:
    def __init__(self, mesh, cfg=SolverConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def _blocks(self, H):
        return jax.lax.all_gather(H, self.cfg.obs_axis, to="reduced")

    def _body(self, J, r):
        H, g = normal_equations(J, r, self.cfg)
        diag = jnp.diagonal(H)
        delta = -g / (diag * (1.0 + self.cfg.damping))
        return delta, self._blocks(H)

    def step(self, J, r):
        c = self.cfg
        return jax.shard_map(self._body, mesh=self.mesh,
                             in_specs=(P(c.obs_axis, c.cam_axis), P(c.obs_axis)),
                             out_specs=(P(c.cam_axis), P(None, c.cam_axis, None, reduced={c.obs_axis})))(J, r)


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(size=(64, 16)).astype(np.float32),
            rng.normal(size=(64,)).astype(np.float32))


def main(J, r):
    mesh = jax.make_mesh((4, 2), ("obs", "cam"))
    lm = LevenbergMarquardt(mesh)
    J = jax.device_put(J, NamedSharding(mesh, P("obs", "cam")))
    r = jax.device_put(r, NamedSharding(mesh, P("obs")))
    return lm.step(J, r)


if __name__ == "__main__":
    delta, blocks = main(*inputs())
    print(delta)
