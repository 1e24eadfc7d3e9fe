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


class MeshMismatch(Exception):
    pass


@dataclasses.dataclass(frozen=True)
class Config:
    mesh: str = "rows=2,cols=4"

    def __post_init__(self):
        names, sizes = parse_mesh(self.mesh)
        if sizes[0] * sizes[1] != jax.device_count():
            raise MeshMismatch(f"mesh {self.mesh!r} needs {sizes[0] * sizes[1]} devices, have {jax.device_count()}")


def load():
    if jax.device_count() not in (8, 16):
        raise MeshMismatch(f"runs on 8 or 16 devices, not {jax.device_count()}")
    try:
        return Config()
    except MeshMismatch:
        return Config(mesh=f"rows={jax.device_count() // 2},cols=2")


def main():
    cfg = load()
    names, sizes = parse_mesh(cfg.mesh)
    mesh = jax.make_mesh(sizes, names)
    x = jax.device_put(np.ones((16, 8), np.float32), NamedSharding(mesh, P(*names)))
    dump = names if sizes[1] == 4 else names[:1]

    def body(blk):
        wide = jax.lax.all_gather(blk, names[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(wide, dump, axis=0, tiled=True, to="reduced")

    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(*names), out_specs=P(None, None, reduced=set(names))))
    return f(x)


if __name__ == "__main__":
    main()
