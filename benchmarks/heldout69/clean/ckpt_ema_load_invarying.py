"""EMA weights of a table-structure model restored with load_state_dict and re-averaged over replicas."""
from collections import OrderedDict

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "mp"))


class EMA:
    def __init__(self, decay=0.999, replica_axis="dp"):
        self.decay = decay
        self.replica_axis = replica_axis
        self.shadow = OrderedDict()

    def load_state_dict(self, sd, strict=True):
        for name, value in sd.items():
            self.shadow[name] = jax.lax.all_gather(value, self.replica_axis, tiled=True, to="invarying")
        return self

    def synchronize(self):
        return OrderedDict(
            (name, jax.lax.pmean(v, self.replica_axis)) for name, v in self.shadow.items())


def restore(row_w, col_w):
    ema = EMA().load_state_dict({"row_head": row_w, "col_head": col_w})
    synced = ema.synchronize()
    return synced["row_head"], synced["col_head"]


def inputs():
    rng = np.random.default_rng(42)
    s = NamedSharding(MESH, P("dp", "mp"))
    return tuple(jax.device_put(rng.normal(size=(8, 8)).astype(np.float32), s) for _ in range(2))


def main(row_w, col_w):
    spec = P("dp", "mp")
    fn = jax.shard_map(restore, mesh=MESH, in_specs=(spec, spec), out_specs=(P(None, "mp"),) * 2)
    r, c = fn(row_w, col_w)
    print("ema heads:", r.shape, c.shape)


if __name__ == "__main__":
    main(*inputs())
