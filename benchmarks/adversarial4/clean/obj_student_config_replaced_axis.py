"""Student config = teacher config with another gather axis; both gather to reduced on one mesh."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class NetConfig:
    shard_axis: str = "fsdp"


def gather_rows(w, cfg):
    return jax.lax.all_gather(w, cfg.shard_axis, to="reduced", tiled=True)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64,)


def main(w):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    teacher = NetConfig()
    student = dataclasses.replace(teacher, shard_axis="tp")
    wt = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    ws = jax.device_put(w, NamedSharding(mesh, P("tp")))

    def body(a, b):
        t = gather_rows(a, teacher)
        s = gather_rows(b, student)
        return jnp.tanh(t), jnp.tanh(s)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp"), P("tp")),
                         out_specs=(P(reduced={"fsdp"}), P(reduced={"tp"})))(wt, ws)


if __name__ == "__main__":
    print(main(*inputs()))
