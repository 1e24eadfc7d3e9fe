"""SF101 form: the psum axis sits in a list display that shares CONFIG's section; a store through the list moved it to "i"."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


CONFIG = {"reduce": {"axis": "j"}}
STAGES = [CONFIG["reduce"]]


def main(mesh, x):
    STAGES[0]["axis"] = "i"

    def body(block):
        total = jax.lax.psum(block, CONFIG["reduce"]["axis"])
        return jax.lax.all_gather(total, "j", tiled=True, axis=1, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
