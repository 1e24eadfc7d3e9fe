"""The gather mode starts as 'reduced'; configure() switches it to 'varying' before tracing."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATHER_TO = "reduced"


def configure(for_collectives):
    global GATHER_TO
    GATHER_TO = "varying" if for_collectives else "reduced"


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    configure(for_collectives=False)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        full = jax.lax.all_gather(v, "i", to=GATHER_TO, tiled=True)
        return jax.lax.pmean(jnp.mean(full, axis=0), "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
