import os
import typing

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def _coerce(value, tp):
    if typing.get_origin(tp) is tuple and isinstance(value, str):
        return tuple(None if v.strip() == "-" else v.strip() for v in value.split(",") if v.strip())
    if tp in (int, float, str):
        return tp(value)
    return value


class Settings:
    env_prefix = ""

    def __init__(self, **values):
        for name, tp in typing.get_type_hints(type(self)).items():
            env = os.environ.get(f"{self.env_prefix}{name}".upper())
            if name in values:
                raw = values[name]
            elif env is not None:
                raw = env
            else:
                raw = getattr(type(self), name)
            setattr(self, name, _coerce(raw, tp))


class ExportSettings(Settings):
    env_prefix = "EXPORT_"
    mesh_axes: tuple[str, ...] = "i,j"
    export_layout: tuple[str, ...] = "j,-"
    n_rows: int = "8"


def main():
    settings = ExportSettings()
    mesh = jax.make_mesh((2, 4), settings.mesh_axes)
    x = jax.device_put(np.ones((settings.n_rows, 8), np.float32), NamedSharding(mesh, P(*settings.mesh_axes)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(*settings.export_layout, reduced={settings.mesh_axes[0]}))  # SF104


if __name__ == "__main__":
    main()
