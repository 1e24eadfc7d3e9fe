"""A runner files each error in a list inside its handler and hands the list back; the caller
picks the axes by whether a test failed. The handler runs here (`int("x")` raises ValueError), so
the list is not empty and the psum is over the one axis the value varies on: a `try` that changes
a list in place (in its body or a handler) leaves it unknown after the statement, not as before."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_count(text):
    return int(text)


def run_checks(texts):
    errors = []
    for text in texts:
        try:
            parse_count(text)
        except ValueError as e:
            errors.append(e)
    return errors


def main():
    errors = run_checks(["8", "x"])
    axes = ("data",) if errors else ("data", "model")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
