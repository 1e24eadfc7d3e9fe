"""A dict holds one reduced and one varying weight; only the varying entry meets a constant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64,)


def main(w):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jax.device_put(w, NamedSharding(mesh, P("i", "j")))

    def body(b):
        ws = {"gathered": jax.lax.all_gather(b, "i", to="reduced", tiled=True), "local": b}
        ws["local"] = ws["gathered"] * 2.0 + 1.0
        return ws["gathered"], ws["local"]

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=(P(None, "j", reduced={"i"}), P("i", "j")))(w)


if __name__ == "__main__":
    print(main(*inputs()))
