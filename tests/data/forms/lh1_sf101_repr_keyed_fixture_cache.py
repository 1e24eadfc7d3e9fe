"""A fixture cache keyed by `repr(param)`: the text of the str "j" is "'j'" (quoted), so the
table entry under the quoted key is the one taken, and it gathers a psum result to reduced."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run_check(mesh, axis):
    def body(x):
        y = jax.lax.psum(x, axis)
        return jax.lax.all_gather(y, axis, axis=1, tiled=True, to="reduced")  # SF101

    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={axis}))
    return f(jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j"))))



TABLE = {"'j'": "j", "j": None}


def pick(param):
    return TABLE[repr(param)]


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        axis = pick("j")
        if axis is not None:
            return run_check(mesh, axis)
    return None


if __name__ == "__main__":
    main()
