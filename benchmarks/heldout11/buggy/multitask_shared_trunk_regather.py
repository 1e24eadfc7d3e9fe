"""Hard parameter sharing: one trunk, task heads reading the full trunk features."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MultiTaskNet:
    def __init__(self, tasks):
        self.tasks = tasks
        self.gather_cols = functools.partial(jax.lax.all_gather, axis_name="model", axis=1, tiled=True,
                                             to="reduced")
        self.gather_rows = functools.partial(jax.lax.all_gather, axis_name=("data", "model"), axis=0,
                                             tiled=True, to="reduced")

    def __call__(self, x, w_trunk):
        trunk_out = jnp.tanh(x @ w_trunk)
        feats = self.gather_rows(self.gather_cols(trunk_out))
        return {t: feats[:, i::len(self.tasks)] for i, t in enumerate(self.tasks)}


def inputs():
    r = np.random.RandomState(51)
    return r.randn(16, 8).astype(np.float32), r.randn(8, 24).astype(np.float32) * 0.3


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    net = MultiTaskNet(("cls", "box", "mask"))
    x = jax.device_put(x, NamedSharding(mesh, P(("data", "model"), None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))
    out = {t: P(None, None, reduced={"data", "model"}) for t in net.tasks}
    return jax.shard_map(net, mesh=mesh, in_specs=(P(("data", "model"), None), P(None, "model")),
                         out_specs=out)(x, w)


if __name__ == "__main__":
    print(jax.tree.map(jnp.shape, main(*inputs())))
