"""A debug callback that records what it is handed: JAX calls it when the computation runs, once
per device, so what the program later reads from the record is not known to the analysis (the
second body's axis comes from it: on 8 devices the sum runs over 'model', and the gathered value
stays reduced over 'data')."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SEEN = []


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))

    def probe(v):
        jax.debug.callback(lambda h: SEEN.append(h.shape), v)
        return v

    jax.block_until_ready(jax.shard_map(probe, mesh=mesh, in_specs=P("data", None), out_specs=P("data", None))(x))
    axis = ("model", "data")[len(SEEN) % 2]

    def body(v):
        table = jax.lax.all_gather(v, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.psum(table, axis)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))(x)


if __name__ == "__main__":
    main()
