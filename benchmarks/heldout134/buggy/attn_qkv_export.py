"""lingvo_lite/checkpoints/attention_export.py

Converts a fused QKV projection, whose output columns are split over ('mdl', 'data') in the
2-D tensor-parallel experiments, to the 1-D tensor-parallel layout the inference server loads
(columns over one axis only). The regather template comes from the serving experiment.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class FusedQKV(BaseLayer):
  HPARAMS = dict(model_dims=0, num_heads=0, dim_per_head=0)

  def init(self, key):
    cols = 3 * self.num_heads * self.dim_per_head
    return jax.random.normal(key, (self.model_dims, cols)) / np.sqrt(self.model_dims)


class LayoutConverter(BaseLayer):
  HPARAMS = dict(serving_mapping=None, dropped_axes=())

  def target_spec(self):
    return P(*self.serving_mapping, reduced=set(self.dropped_axes))

  def fprop(self, w):
    return top_level_all_gather(w, self.target_spec())


@experiment_registry.register
class Train2DTP(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('mdl', 'data')

  def task(self):
    return Config(FusedQKV, model_dims=8, num_heads=4, dim_per_head=2,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(qkv=(None, ('mdl', 'data'))))


@experiment_registry.register
class Serve1DTP(Train2DTP):

  def task(self):
    return Config(LayoutConverter, serving_mapping=(None, 'data'), dropped_axes=('mdl',))


def inputs():
  return 'Train2DTP', 'Serve1DTP'


def main(train_name, serve_name):
  train = experiment_registry.get(train_name)()
  serve = experiment_registry.get(serve_name)()
  mesh = train.make_mesh()
  qkv = instantiate(train.task())
  converter = instantiate(serve.task())
  w = place(mesh, qkv.init(jax.random.PRNGKey(0)), qkv.weight_split_dims_mapping.qkv)
  with jax.set_mesh(mesh):
    served = converter.fprop(w)
    served = jax.reshard(served, P(None, 'data'))
  print(served.shape, served.sharding.spec)


if __name__ == '__main__':
  main(*inputs())
