"""`act = staticmethod(jax.nn.gelu)` read off an instance, applied to a plain all_gather
result (varying, not reduced): it runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GeluHead:
    act = staticmethod(jax.nn.gelu)
    gather_to = "varying"


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    head = GeluHead()

    def body(block):
        full = jax.lax.all_gather(block, "j", axis=1, tiled=True, to=head.gather_to)
        return head.act(full)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


if __name__ == "__main__":
    main()
