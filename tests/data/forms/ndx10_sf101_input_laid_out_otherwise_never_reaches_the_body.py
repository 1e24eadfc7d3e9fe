"""The body's gather would raise if traced, but the script's input is laid out otherwise than its
in_spec on Explicit axes: JAX rejects the call (ValueError, line 17) and the program never reaches
the body, so no body line is reported (run on jax 0.10.2)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    total = jax.lax.psum(x, "data")
    return jax.lax.all_gather(total, "data", axis=0, tiled=True, to="reduced")


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("model")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(reduced={"data"}))(x)


if __name__ == "__main__":
    main()
