"""Named axes of nested vmap (not a mesh): psum over a tuple of vmap axes of a value constant on one."""
import jax
import jax.numpy as jnp
import numpy as np


def inputs():
    return np.arange(2, dtype=np.float32), np.ones((2, 4), np.float32)


def main(a, b):
    def per_pair(u, v):
        g = jax.lax.psum(u, ("p", "q"))
        return g + jax.lax.pmean(v, "q")

    inner = jax.vmap(per_pair, in_axes=(None, 0), axis_name="q")
    return jax.vmap(inner, axis_name="p")(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
