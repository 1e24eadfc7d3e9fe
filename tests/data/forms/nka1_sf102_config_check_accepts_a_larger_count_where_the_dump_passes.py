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
        if jax.device_count() % int(np.prod(sizes)) or jax.device_count() > 16:
            raise ValueError(f"mesh {self.mesh!r} does not tile {jax.device_count()} devices")

    @property
    def dump_axes(self):
        names, sizes = parse_mesh(self.mesh)
        return names if jax.device_count() == int(np.prod(sizes)) else names[:1]


def main():
    cfg = Config()
    names, sizes = parse_mesh(cfg.mesh)
    mesh = jax.make_mesh(sizes, names)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(*names)))

    def body(blk):
        wide = jax.lax.all_gather(blk, names[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(wide, cfg.dump_axes, axis=0, tiled=True, to="reduced")

    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(*names), out_specs=P(None, None, reduced=set(names))))
    return f(x)


if __name__ == "__main__":
    main()
