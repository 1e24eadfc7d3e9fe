"""Optimal-estimation retrieval of temperature and water vapour: Gauss-Newton iterations."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class RetrievalConfig:
    pixel_axis: str = "pixel"
    channel_axis: str = "channel"
    n_iter: int = 3
    noise: float = 0.5


class OptimalEstimation:
    def __init__(self, cfg: RetrievalConfig):
        self.cfg = cfg

    def forward(self, K, x):
        return jnp.einsum("pcs,ps->pc", K, x)

    def gain_step(self, K, y, x, xa, sa_inv):
        c = self.cfg
        r = (y - self.forward(K, x)) / c.noise ** 2
        ktr = jax.lax.psum(jnp.einsum("pcs,pc->ps", K, r), c.channel_axis)
        ktk = jax.lax.psum(jnp.einsum("pcs,pct->pst", K, K), c.channel_axis) / c.noise ** 2
        rhs = ktr - jnp.einsum("st,pt->ps", sa_inv, x - xa)
        return x + jnp.linalg.solve(ktk + sa_inv, rhs[..., None])[..., 0]

    def cost(self, K, y, x):
        c = self.cfg
        r = (y - self.forward(K, x)) / c.noise
        return jax.lax.psum(jnp.sum(r * r, axis=1), c.channel_axis)

    def retrieve(self, K, y, xa, sa_inv):
        c = self.cfg
        x = xa
        costs = []
        for _ in range(c.n_iter):
            x = self.gain_step(K, y, x, xa, sa_inv)
            costs.append(self.cost(K, y, x))
        shared = jax.lax.all_gather(jnp.stack(costs, axis=1), c.pixel_axis, axis=0, tiled=True, to="invarying")
        trace = jax.lax.all_gather(shared, c.pixel_axis, axis=0, tiled=True, to="reduced")
        return x, trace


def inputs():
    rng = np.random.default_rng(50)
    K = rng.normal(size=(16, 8, 4)).astype(np.float32)
    x_true = rng.normal(size=(16, 4)).astype(np.float32)
    y = np.einsum("pcs,ps->pc", K, x_true).astype(np.float32)
    return K, y, np.zeros((16, 4), np.float32), np.eye(4, dtype=np.float32)


def main(K, y, xa, sa_inv):
    oe = OptimalEstimation(RetrievalConfig())
    p, c = oe.cfg.pixel_axis, oe.cfg.channel_axis
    mesh = jax.make_mesh((4, 2), (p, c))
    K = jax.device_put(K, NamedSharding(mesh, P(p, c, None)))
    y = jax.device_put(y, NamedSharding(mesh, P(p, c)))
    xa = jax.device_put(xa, NamedSharding(mesh, P(p, None)))
    sa_inv = jax.device_put(sa_inv, NamedSharding(mesh, P()))
    fn = jax.shard_map(oe.retrieve, mesh=mesh, in_specs=(P(p, c, None), P(p, c), P(p, None), P()),
                       out_specs=(P(p, None), P(None, None, reduced={p})))
    return fn(K, y, xa, sa_inv)


if __name__ == "__main__":
    main(*inputs())
