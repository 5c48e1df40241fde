export { vars, tokens } from './theme/index.ts';
export { sprinkles, type Sprinkles } from './css/sprinkles.css.ts';
export { Stack, type StackProps } from './components/Stack/index.ts';
export { Inline, type InlineProps } from './components/Inline/index.ts';
export { Text, TONE_COLORS, type TextProps, type Tone } from './components/Text/index.ts';
export { Heading, HEADING_STYLES, type HeadingProps } from './components/Heading/index.ts';
export { PageHeader, type PageHeaderProps } from './components/PageHeader/index.ts';
export { PageBlock, type PageBlockProps } from './components/PageBlock/index.ts';
export { Button, type ButtonProps } from './components/Button/index.ts';
export { Icon, ICON_NAMES, type IconName, type IconProps } from './components/Icon/index.ts';
export { Logo, type LogoProps } from './components/Logo/index.ts';
export { ProgressBar, type ProgressBarProps } from './components/ProgressBar/index.ts';
export { Chart, type ChartDatum, type ChartProps } from './components/Chart/index.ts';
export { Meter, meterTone, type MeterProps, type MeterThresholds, type MeterTone } from './components/Meter/index.ts';
export {
  Table,
  TableHeader,
  Column,
  TableBody,
  Row,
  Cell,
  type TableProps,
  type TableHeaderProps,
  type ColumnProps,
  type TableBodyProps,
  type RowProps,
  type CellProps,
  type SortDescriptor,
  type SortDirection,
  type Selection,
} from './components/Table/index.ts';
export {
  DataTable,
  DataRow,
  DataCell,
  DataRowLink,
  type DataColumn,
  type DataTableProps,
  type DataRowProps,
  type DataCellProps,
  type DataRowLinkProps,
} from './components/DataTable/index.ts';
export { GridList, GridListItem, type GridListProps, type GridListItemProps } from './components/GridList/index.ts';
export {
  Pagination,
  PAGE_SIZES,
  afterCreate,
  afterDelete,
  pageButtons,
  pageCount,
  pageForSize,
  type PaginationProps,
  type AfterCreate,
  type AfterDelete,
  type PageButton,
  type PageSize,
} from './components/Pagination/index.ts';
export { TagGroup, Tag, type TagGroupProps, type TagProps } from './components/TagGroup/index.ts';
export { Badge, type BadgeProps } from './components/Badge/index.ts';
export { Avatar, initials, type AvatarProps } from './components/Avatar/index.ts';
export { Flag, flagUrl, type FlagProps } from './components/Flag/index.ts';
export { Card, type CardProps } from './components/Card/index.ts';
export { Skeleton, type SkeletonProps } from './components/Skeleton/index.ts';
export { Spinner, type SpinnerProps } from './components/Spinner/index.ts';
export { EmptyState, type EmptyStateProps } from './components/EmptyState/index.ts';
export { LoadState, type LoadStateProps } from './components/LoadState/index.ts';
export { VisuallyHidden, type VisuallyHiddenProps } from './components/VisuallyHidden/index.ts';
export { Link, type LinkProps } from './components/Link/index.ts';
export { Dialog, DialogTrigger, type DialogProps, type DialogTriggerProps } from './components/Dialog/index.ts';
export { Modal, type ModalProps } from './components/Modal/index.ts';
export { AlertDialog, type AlertDialogProps } from './components/AlertDialog/index.ts';
export { Popover, type PopoverProps } from './components/Popover/index.ts';
export { Tooltip, TooltipTrigger, type TooltipProps, type TooltipTriggerProps } from './components/Tooltip/index.ts';
export {
  Menu,
  MenuItem,
  MenuSection,
  MenuSeparator,
  MenuTrigger,
  type MenuItemProps,
  type MenuProps,
  type MenuSectionProps,
  type MenuTriggerProps,
} from './components/Menu/index.ts';
export {
  Tab,
  TabList,
  TabPanel,
  Tabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from './components/Tabs/index.ts';
export { Disclosure, type DisclosureProps } from './components/Disclosure/index.ts';
export { Accordion, type AccordionProps } from './components/Accordion/index.ts';
export {
  Breadcrumb,
  Breadcrumbs,
  type BreadcrumbProps,
  type BreadcrumbsProps,
} from './components/Breadcrumbs/index.ts';
export { Toolbar, ToolbarSeparator, type ToolbarProps } from './components/Toolbar/index.ts';
export * from './modals/index.ts';
export { isValidName, NAME_MAX_LENGTH, nameRuleMessage } from './validation/names.ts';
export * from './format/index.ts';
export * from './playback/index.ts';
export {
  Announcer,
  announce,
  announceAction,
  announcementLog,
  clearAnnouncements,
  clearStaleAnnouncements,
  progressMilestone,
  recordAnnouncement,
  resetLiveRegion,
  setAnnouncerSink,
  useClearStaleAnnouncementsOnChange,
  useClearStaleAnnouncementsOnUnmount,
  useAnnounceChange,
  ANNOUNCEMENT_LOG_SIZE,
  type AnnounceOptions,
  type AnnounceParams,
  type Announcement,
  type AnnouncerSink,
  type Politeness,
  type ProgressMilestone,
} from './announcer/index.ts';
export {
  Toaster,
  toastStore,
  createToastStore,
  addToast,
  dismissToast,
  defaultToastDuration,
  MAX_TOASTS,
  TOAST_DURATION,
  CONVERSION_TOAST_DURATION,
  type ToasterProps,
  type Toast,
  type ToastAction,
  type ToastChannel,
  type ToastInput,
  type ToastPosition,
  type ToastSeverity,
  type ToastStore,
} from './toasts/index.ts';
export {
  WaveformPlayer,
  peaksFromAudiowaveform,
  audiowaveformFromSamples,
  seekKeyAction,
  ARROW_STEP_SECONDS,
  PAGE_STEP_SECONDS,
  trackKeyAction,
  swapIndex,
  switchPosition,
  MAX_TRACK_KEYS,
  type WaveformPlayerProps,
  type WaveformPlayerHandle,
  type WaveformTrack,
  type PlaybackState,
  type AudiowaveformData,
  type WaveformPeaks,
  type SeekKeyAction,
  type TrackKeyAction,
} from './components/WaveformPlayer/index.ts';
export { TextField, type TextFieldProps } from './components/TextField/index.ts';
export { PasswordField, type PasswordFieldProps } from './components/PasswordField/index.ts';
export { SearchField, type SearchFieldProps } from './components/SearchField/index.ts';
export { NumberField, type NumberFieldProps } from './components/NumberField/index.ts';
export {
  Select,
  SelectItem,
  type SelectItemProps,
  type SelectOption,
  type SelectProps,
} from './components/Select/index.ts';
export {
  ComboBox,
  ComboBoxItem,
  type ComboBoxItemProps,
  type ComboBoxOption,
  type ComboBoxProps,
} from './components/ComboBox/index.ts';
export { Checkbox, type CheckboxProps } from './components/Checkbox/index.ts';
export { CheckboxGroup, type CheckboxGroupProps } from './components/CheckboxGroup/index.ts';
export { Switch, type SwitchProps } from './components/Switch/index.ts';
export { Radio, RadioGroup, type RadioGroupProps, type RadioProps } from './components/RadioGroup/index.ts';
export { Slider, type SliderProps } from './components/Slider/index.ts';
export { Form, type FormProps } from './components/Form/index.ts';
export { FileTrigger, type FileTriggerProps } from './components/FileTrigger/index.ts';
export { DropZone, type DropZoneProps } from './components/DropZone/index.ts';
export {
  AppLayout,
  MarketingLayout,
  AuthLayout,
  ThemeSwitch,
  ButtonLink,
  createLayoutStore,
  layoutStore,
  createThemeStore,
  themeStore,
  applyTheme,
  THEME_CHOICES,
  type AppLayoutProps,
  type MarketingLayoutProps,
  type AuthLayoutProps,
  type ThemeSwitchProps,
  type ButtonLinkProps,
  type LayoutStore,
  type SidebarState,
  type Side,
  type ThemeChoice,
  type ThemeStore,
} from './layouts/index.ts';
