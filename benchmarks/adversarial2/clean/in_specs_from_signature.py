"""in_specs built from the body's parameter names (inspect.signature), not the call order of a table."""
import inspect

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC_BY_NAME = {"tokens": P("data", "model"), "mask": P("data", None)}


def body(mask, tokens):
    # tokens vary on both axes; the mask only on 'data'
    return jax.lax.psum(jnp.sum(tokens), ("data", "model")) + jax.lax.psum(jnp.sum(mask), "data")


def inputs():
    return (np.ones((8, 8), np.float32), np.arange(64, dtype=np.float32).reshape(8, 8))


def main(mask, tokens):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    names = list(inspect.signature(body).parameters)
    specs = tuple(SPEC_BY_NAME[n] for n in names)
    args = {"mask": mask, "tokens": tokens}
    placed = [jax.device_put(args[n], NamedSharding(mesh, SPEC_BY_NAME[n])) for n in names]
    return jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=P())(*placed)


if __name__ == "__main__":
    print(main(*inputs()))
