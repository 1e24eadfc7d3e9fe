"""The body's gather raises whenever the body is traced: reported although this script's own
input is laid out otherwise than its in_spec (JAX rejects the call first; that is a second bug)."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    total = jax.lax.psum(x, "data")
    return jax.lax.all_gather(total, "data", axis=0, tiled=True, to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("model")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(reduced={"data"}))(x)


if __name__ == "__main__":
    main()
