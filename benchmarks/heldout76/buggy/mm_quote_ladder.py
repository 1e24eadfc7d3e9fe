"""Quote ladders of the simulated market makers, collected for the replay tool."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LadderSim:
    def __init__(self, mesh, tick=0.01, levels=4):
        self.axes = mesh.axis_names
        self.tick = tick
        self.levels = levels

    def quotes(self, mid, half_spread):
        lv = jnp.arange(1, self.levels + 1, dtype=jnp.float32) * self.tick
        bid = mid[..., None] - half_spread[..., None] - lv
        return bid.reshape(bid.shape[0], -1)

    def per_agent(self, q):
        return jax.lax.all_gather(q, self.axes[1], axis=1, tiled=True, to="reduced")

    def replay_grid(self, q):
        return jax.lax.all_gather(q, self.axes, axis=0, tiled=True, to="reduced")

    def __call__(self, mid, half_spread):
        q = self.per_agent(self.quotes(mid, half_spread))
        return q, self.replay_grid(q)


def inputs():
    rng = np.random.default_rng(402)
    mid = (100 + rng.standard_normal((8, 4))).astype(np.float32)
    hs = (0.01 + 0.01 * rng.random((8, 4))).astype(np.float32)
    return mid, hs


def main(mid, hs):
    mesh = jax.make_mesh((4, 2), ("path", "mm"))
    lay = NamedSharding(mesh, P("path", "mm"))
    sim = LadderSim(mesh)
    q, grid = jax.shard_map(sim, mesh=mesh, in_specs=(P("path", "mm"), P("path", "mm")),
                            out_specs=(P("path", None, reduced={"mm"}),
                                       P(None, None, reduced={"path", "mm"})))(jax.device_put(mid, lay),
                                                                             jax.device_put(hs, lay))
    print(q.shape, grid.shape)
    return grid


if __name__ == "__main__":
    main(*inputs())
