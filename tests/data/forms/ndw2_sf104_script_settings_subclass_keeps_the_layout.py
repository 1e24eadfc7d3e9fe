import os
import typing

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_AXIS = os.getenv("EXPORT_AXIS", "j")


def _coerce(value, tp):
    origin = typing.get_origin(tp)
    if origin is typing.Union:
        if value is None:
            return None
        (arg,) = [a for a in typing.get_args(tp) if a is not type(None)]
        return _coerce(value, arg)
    if origin is tuple and isinstance(value, str):
        return tuple(None if v == "-" else v for v in value.split(","))
    return value


class BaseSettings:
    mesh_axes: tuple[str, ...] = "i,j"
    export_layout: typing.Optional[tuple[str, ...]] = "j,-"

    def __init__(self):
        for name, tp in typing.get_type_hints(type(self)).items():
            setattr(self, name, _coerce(getattr(type(self), name), tp))


class ExportSettings(BaseSettings):
    export_layout: typing.Optional[tuple[str, ...]] = f"-,{EXPORT_AXIS}"


def main():
    settings = ExportSettings()
    mesh = jax.make_mesh((2, 4), settings.mesh_axes)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(*settings.mesh_axes)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(*settings.export_layout, reduced={"i"}))


if __name__ == "__main__":
    main()
