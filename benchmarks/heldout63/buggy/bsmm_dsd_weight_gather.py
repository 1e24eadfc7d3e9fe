"""DSD product (dense x block-sparse -> dense); the sparse weight's block rows are exported after the product."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TILES = {
    "small": {"block": 2, "num_warps": 4},
    "large": {"block": 4, "num_warps": 8},
}


class DSD:
    def __init__(self, mesh, tile="small"):
        self.axes = tuple(mesh.axis_names)
        self.block = TILES[tile]["block"]

    def block_row(self, w):
        return jax.lax.all_gather(w, self.axes[-1], axis=1, tiled=True, to="reduced")

    def export(self, w_row):
        return jax.lax.all_gather(w_row, tuple(reversed(self.axes)), axis=0, tiled=True, to="reduced")

    def __call__(self, x, w, mask):
        w_row = self.block_row(w * mask)
        y = x @ jnp.kron(mask[:, :1], jnp.ones((1, self.block))).T
        return y, self.export(w_row)


def inputs():
    rng = np.random.default_rng(41)
    x = rng.standard_normal((4, 8)).astype(np.float32)
    w = rng.standard_normal((8, 8)).astype(np.float32)
    mask = (rng.random((8, 8)) < 0.5).astype(np.float32)
    return x, w, mask


def main(x, w, mask):
    mesh = jax.make_mesh((2, 4), ("rowblk", "colblk"))
    spec = P("rowblk", "colblk")
    x = jax.device_put(x, NamedSharding(mesh, P(None, "colblk")))
    w = jax.device_put(w, NamedSharding(mesh, spec))
    mask = jax.device_put(mask, NamedSharding(mesh, spec))
    dsd = DSD(mesh)
    run = jax.shard_map(dsd, mesh=mesh, in_specs=(P(None, "colblk"), spec, spec),
                        out_specs=(P(None, ("colblk", "rowblk")), P(None, None, reduced={"rowblk", "colblk"})))
    return run(x, w, mask)


if __name__ == "__main__":
    main(*inputs())
