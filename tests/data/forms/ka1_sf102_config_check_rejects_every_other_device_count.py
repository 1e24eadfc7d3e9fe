import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_mesh(spec):
    names, sizes = [], []
    for part in spec.split(","):
        key, _, value = part.partition("=")
        names.append(key.strip())
        sizes.append(int(value))
    return tuple(names), tuple(sizes)


@dataclasses.dataclass(frozen=True)
class Config:
    mesh: str = "rows=2,cols=4"

    def __post_init__(self):
        names, sizes = parse_mesh(self.mesh)
        if int(np.prod(sizes)) != jax.device_count():
            raise ValueError(f"mesh {self.mesh!r} needs {int(np.prod(sizes))} devices, have {jax.device_count()}")


def dump_layout(names):
    hosts = {device // 4 for device in range(jax.device_count())}
    return names if len(hosts) == 2 else names[:1]


def main():
    cfg = Config()
    names, sizes = parse_mesh(cfg.mesh)
    dump_axes = dump_layout(names)
    mesh = jax.make_mesh(sizes, names)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(*names)))

    def body(blk):
        wide = jax.lax.all_gather(blk, names[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(wide, dump_axes, axis=0, tiled=True, to="reduced")  # SF102

    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(*names), out_specs=P(None, None, reduced=set(names))))
    return f(x)


if __name__ == "__main__":
    main()
