"""Two loops share one iterator: the first stops at ":" and the second goes on from there (it does
not start again), so the gather axis is "i", on which the j-summed block still varies."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = "j : i"


def parse(text):
    it = iter(text.split())
    summed, gathered = [], []
    for word in it:
        if word == ":":
            break
        summed.append(word)
    for word in it:
        gathered.append(word)
    return summed, gathered


def main():
    summed, gathered = parse(SPEC)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, summed[0])
        return jax.lax.all_gather(total, gathered[0], axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
