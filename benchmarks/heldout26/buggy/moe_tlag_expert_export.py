"""Export FSDP-sharded expert kernels in the layout each checkpoint format wants."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORTERS = {}


def register_exporter(name):
    def wrap(cls):
        EXPORTERS[name] = cls()
        return cls
    return wrap


@register_exporter("hf")
class HFExporter:
    @property
    def spec(self):
        return P("expert", None)

    def __call__(self, kernel):
        return top_level_all_gather(kernel, self.spec)


def init_experts(mesh, num_experts=16, d=8):
    sharding = NamedSharding(mesh, P(("data", "expert"), None))
    return jax.jit(lambda key: jax.random.normal(key, (num_experts, d)), out_shardings=sharding)(
        jax.random.key(0))


def inputs():
    return ()


def main(fmt="hf"):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    kernel = init_experts(mesh)
    with jax.set_mesh(mesh):
        return EXPORTERS[fmt](kernel)


if __name__ == "__main__":
    print(main(*inputs()))
