"""`eval(text)` with no namespace in a def reads the def's locals, then the module's globals: the
text `"MESH_AXES if whole else MESH_AXES[:1]"` is given `whole=True`, so the loss is psum'd over
both axes while it varies on 'data' only."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "model")
RULE = "MESH_AXES if whole else MESH_AXES[:1]"


def reduction_axes(whole):
    return eval(RULE)


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes(True))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
