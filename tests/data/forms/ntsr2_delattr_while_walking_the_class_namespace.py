"""`vars(cls)` is a live view: deleting from the class while walking it makes Python raise
RuntimeError ("dictionary changed size during iteration"); the handler keeps the one axis, so the
psum is right. Read as a snapshot, the walk would go on and reduce over both axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    extra_one = 1
    extra_two = 2


def choose_axes():
    try:
        for name in vars(Plan):
            if name.startswith("extra"):
                delattr(Plan, name)
    except RuntimeError:
        return ("data",)
    return ("data", "model")


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))
    axes = choose_axes()

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
