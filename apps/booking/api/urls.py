from django.urls import path

from apps.booking.api import views

R = "reservation/"

urlpatterns = [
    path(R + "board", views.BoardApi.as_view(), name="reservation-board"),
    path(R + "getReservationPerCount", views.DayCountsApi.as_view(), name="reservation-day-counts"),
    path(R + "findNurse", views.NursesOnDutyApi.as_view(), name="reservation-nurses"),
    path(R + "nameList/<id:store_id>", views.StaffNamesApi.as_view(), name="reservation-staff-names"),
    path(R + "projectNameList/<id:store_id>", views.BookableProjectsApi.as_view(), name="reservation-projects"),
    path(R + "getDuration", views.DurationApi.as_view(), name="reservation-duration"),
    path(R + "sources", views.SourcesApi.as_view(), name="reservation-sources"),
    path(R + "findStatus", views.StatusesApi.as_view(), name="reservation-statuses"),
    path(R + "findInvalidReason", views.CancelReasonsApi.as_view(), name="reservation-cancel-reasons"),
    path(R + "check", views.CheckApi.as_view(), name="reservation-check"),
    path(R + "saveOrUpdate", views.SaveApi.as_view(), name="reservation-save"),
    path(R + "forceUpdate", views.ForceSaveApi.as_view(), name="reservation-force-save"),
    path(R + "change", views.MoveApi.as_view(), name="reservation-move"),
    path(R + "changeList", views.ChangeListApi.as_view(), name="reservation-history"),
    path(R + "detail/<id:reservation_id>", views.DetailApi.as_view(), name="reservation-detail"),
    path(R + "arrival", views.ArrivalApi.as_view(), name="reservation-arrival"),
    path(R + "startService", views.StartServiceApi.as_view(), name="reservation-start-service"),
    path(R + "finish", views.FinishApi.as_view(), name="reservation-finish"),
    path(R + "noShow", views.NoShowApi.as_view(), name="reservation-no-show"),
    path(R + "inValid", views.CancelApi.as_view(), name="reservation-cancel"),
    path(R + "findRecord", views.RecordListApi.as_view(), name="reservation-records"),
    path(R + "findRecordCounts", views.RecordCountsApi.as_view(), name="reservation-record-counts"),
    path(R + "findRecord/export", views.RecordExportApi.as_view(), name="reservation-records-export"),
    path(R + "getResByPhone", views.ByPhoneApi.as_view(), name="reservation-by-phone"),
    path(R + "accountInfo/<id:member_id>", views.AccountInfoApi.as_view(), name="reservation-account-info"),
    path(R + "lastSomeConsume", views.LastConsumeApi.as_view(), name="reservation-last-consume"),
    path(R + "todayReserved", views.TodayReservedApi.as_view(), name="reservation-today-reserved"),
    path(R + "onWork", views.OnWorkApi.as_view(), name="reservation-on-work"),
    path(R + "offWork", views.OffWorkApi.as_view(), name="reservation-off-work"),
    path(R + "editTempOutArray", views.TempOutApi.as_view(), name="reservation-temp-out"),
    path(R + "abnormalLeft/<id:employee_id>", views.AbnormalLeftApi.as_view(), name="reservation-abnormal-left"),
    path("schedule/shiftTypes", views.ShiftTypeListApi.as_view(), name="schedule-shift-types"),
    path("schedule/shiftType/save", views.ShiftTypeSaveApi.as_view(), name="schedule-shift-type-save"),
    path("schedule/rota", views.RotaApi.as_view(), name="schedule-rota"),
    path("schedule/rota/save", views.RotaSaveApi.as_view(), name="schedule-rota-save"),
    path("schedule/rota/copyLastWeek", views.RotaCopyWeekApi.as_view(), name="schedule-rota-copy-week"),
]
