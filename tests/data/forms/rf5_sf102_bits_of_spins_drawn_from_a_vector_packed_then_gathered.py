"""Spins drawn with `rng.choice(np.array([-1.0, 1.0]), size=(4, 16, 16))` (an array of that shape:
each draw one of the vector's items) are packed eight to a byte with
`bits.reshape(*bits.shape[:-1], -1, 8)` in the body, gathered to reduced over 'model' and then
over both axes (the row axis read from an INI text): the second gather meets a value already reduced on 'model'."""
import configparser

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pack(s):
    bits = (s > 0).astype(jnp.uint8)
    weights = 2 ** jnp.arange(8, dtype=jnp.uint8)
    return jnp.sum(bits.reshape(*bits.shape[:-1], -1, 8) * weights, axis=-1).astype(jnp.float32)


class Dumper:
    def __init__(self, settings):
        self.row_axis = settings["row_axis"]
        self.collect = tuple(settings["collect"])

    def __call__(self, s):
        x = jax.lax.all_gather(pack(s), self.row_axis, axis=1, tiled=True, to="reduced")
        x = x.reshape(x.shape[0], -1)
        return jax.lax.all_gather(x, self.collect, axis=0, tiled=True, to="reduced")  # SF102


def main():
    rng = np.random.default_rng(7)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(4, 16, 16))
    cp = configparser.ConfigParser()
    cp.read_string("[dump]\nrow_axis = model\n")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    dump = Dumper({"row_axis": cp.get("dump", "row_axis"), "collect": mesh.axis_names})
    f = jax.shard_map(dump, mesh=mesh, in_specs=P("data", "model", None),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(jax.device_put(s, NamedSharding(mesh, P("data", "model", None))))


if __name__ == "__main__":
    main()
