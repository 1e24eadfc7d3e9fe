"""Per-axis reducers built in a comprehension with default-bound axis names."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    sizes = dict(zip(mesh.axis_names, mesh.devices.shape))
    # only axes the batch is split on, i.e. only 'data'
    reducers = [lambda v, a=a: jax.lax.pmean(v, a) for a in mesh.axis_names if a == "data"]
    reducers.append(lambda v: jax.lax.pmean(jax.lax.pcast(v, "model", to="varying"), ("data", "model")))

    def body(b):
        v = jnp.mean(b)
        out = [r(v) for r in reducers]
        return sum(out) / sizes["data"]

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
